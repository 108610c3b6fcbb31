import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Paperclip, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/domain/limits';
import { MAX_MESSAGE_LENGTH, messageWords } from '../../../shared/domain/messages';
import { uploadProblem } from '../../../shared/domain/uploads';
import type { FileInfo } from '../../../shared/schemas/files';
import type { MessageAttachment, MessageThread as Thread } from '../../../shared/schemas/messages';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Textarea } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useTopic } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { fileSizeText, openSignedFile, UPLOAD_FAILED, type UploadHandle, uploadFile } from '../files/api';
import { acceptFor, declaredType } from '../files/FileUpload';
import { markThreadRead, messageSettingsQuery, postMessage, saveMessageSettings, threadQuery } from './api';

/**
 * An application's messages (issue 31 item 2): the thread, oldest first, and a box to write. New
 * messages arrive through the thread's realtime topic; opening the thread marks it read.
 */
export function MessageThread({ applicationId, programId }: { applicationId: string; programId?: string }) {
  const qc = useQueryClient();
  const query = useQuery(threadQuery(applicationId));
  useTopic(`messages:${applicationId}`, () => {
    void qc.invalidateQueries({ queryKey: ['messages'] });
  });
  const unread = query.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0)
      void markThreadRead(applicationId)
        .then(() => qc.invalidateQueries({ queryKey: ['messages', 'counts'] }))
        .catch(() => {});
  }, [unread, applicationId, qc]);

  // A reviewer the program's admin has not let in: no thread to show (403), nothing on the page.
  if (query.error instanceof ApiError && query.error.status === 403) return null;
  return (
    <Card title={messageWords.title} data-testid="message-thread">
      <QueryStates
        query={query}
        loading={<SkeletonText lines={3} />}
        error="Could not load the messages."
        quietWhenForbidden
      >
        {(thread) => (
          <div className="space-y-4">
            <MessageList thread={thread} />
            {thread.can_write ? (
              <Compose applicationId={applicationId} thread={thread} />
            ) : (
              <p className="text-sm text-slate-700">{messageWords.draft}</p>
            )}
            {thread.admin && programId && <ReviewersSetting programId={programId} />}
          </div>
        )}
      </QueryStates>
    </Card>
  );
}

function MessageList({ thread }: { thread: Thread }) {
  if (thread.items.length === 0) return <p className="text-slate-700">{messageWords.empty}</p>;
  return (
    <ol className="space-y-3" aria-label="Messages">
      {thread.items.map((m) => (
        <li
          key={m.id}
          className={`rounded-lg border px-3 py-2 ${m.mine ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white'}`}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-semibold text-slate-900">{m.author}</span>
            <time dateTime={m.created_at} className="text-slate-700">
              {formatDateTime(m.created_at)}
            </time>
          </p>
          {thread.side === 'staff' && m.side === 'staff' && (
            <p className="text-xs text-slate-700">
              {m.as_organization ? `Sent as ${thread.org_name}` : 'Signed with the writer’s name'}
            </p>
          )}
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{m.body}</p>
          {m.attachments.length > 0 && <AttachmentLinks files={m.attachments} />}
        </li>
      ))}
    </ol>
  );
}

/** A message's files as download links: each is signed (600 s) when it is opened. */
function AttachmentLinks({ files }: { files: MessageAttachment[] }) {
  const [failed, setFailed] = useState<string | null>(null);
  async function open(file: MessageAttachment) {
    setFailed(null);
    try {
      await openSignedFile(file.path);
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : `Could not download ${file.name}.`);
    }
  }
  return (
    <div className="mt-2">
      <ul className="flex flex-col gap-1" aria-label="Attachments">
        {files.map((f) => (
          <li key={f.path} className="flex min-w-0 items-center gap-2 text-sm">
            <Paperclip className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
            <a
              href={`#download-${encodeURIComponent(f.name)}`}
              className="min-w-0 truncate font-medium text-blue-700 underline hover:text-blue-900"
              onClick={(e) => {
                e.preventDefault();
                void open(f);
              }}
            >
              {f.name}
            </a>
            <span className="shrink-0 text-slate-700">{fileSizeText(f.size)}</span>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      )}
    </div>
  );
}

interface Pending {
  key: string;
  name: string;
  progress: number;
  info: FileInfo | null;
  handle: UploadHandle | null;
}

/**
 * "Attach files": up to three, each uploaded at once (purpose `message`, the answer files' rules)
 * with its progress; any may be removed before sending.
 */
function useAttachments(applicationId: string) {
  const [items, setItems] = useState<Pending[]>([]);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(items);
  live.current = items;
  useEffect(
    () => () => {
      for (const p of live.current) p.handle?.abort();
    },
    [],
  );
  const patch = (key: string, change: Partial<Pending>) =>
    setItems((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  function add(list: FileList) {
    setError(null);
    const chosen = [...list];
    if (live.current.length + chosen.length > LIMITS.messageFiles) {
      setError(messageWords.tooManyFiles);
      return;
    }
    for (const file of chosen) {
      const type = declaredType(file);
      const problem = uploadProblem('message', { type, size: file.size });
      if (problem) {
        setError(`${file.name}: ${problem}`);
        continue;
      }
      const typed = type === file.type ? file : new File([file], file.name, { type });
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      const handle = uploadFile({ purpose: 'message', applicationId }, typed, (f) =>
        patch(key, { progress: f }),
      );
      setItems((all) => [...all, { key, name: file.name, progress: 0, info: null, handle }]);
      handle.promise.then(
        (info) => patch(key, { info, progress: 1, handle: null }),
        (err: unknown) => {
          setItems((all) => all.filter((p) => p.key !== key));
          if (!(err instanceof ApiError && err.code === 'aborted'))
            setError(`${file.name}: ${err instanceof ApiError ? err.message : UPLOAD_FAILED}`);
        },
      );
    }
  }
  function remove(key: string) {
    live.current.find((p) => p.key === key)?.handle?.abort();
    setItems((all) => all.filter((p) => p.key !== key));
  }
  return {
    items,
    error,
    add,
    remove,
    clear: () => setItems([]),
    uploading: items.some((p) => !p.info),
    paths: items.flatMap((p) => (p.info ? [p.info.filePath] : [])),
  };
}

function AttachControl({ files, id }: { files: ReturnType<typeof useAttachments>; id: string }) {
  const input = useRef<HTMLInputElement>(null);
  const full = files.items.length >= LIMITS.messageFiles;
  return (
    <div className="space-y-2">
      <input
        ref={input}
        id={`${id}-files`}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={acceptFor('message')}
        onChange={(e) => {
          if (e.target.files?.length) files.add(e.target.files);
          e.target.value = '';
        }}
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={full}
        aria-describedby={`${id}-files-hint`}
        onClick={() => input.current?.click()}
      >
        <Paperclip className="size-4" aria-hidden="true" />
        {messageWords.attach}
      </Button>
      <p id={`${id}-files-hint`} className="text-xs text-slate-700">
        Up to {LIMITS.messageFiles} files: PDF, PNG, JPEG, HEIC, MP4 or MP3, under 50 MB each.
      </p>
      {files.items.length > 0 && (
        <ul className="space-y-2" aria-label="Files to send">
          {files.items.map((p) => {
            const percent = Math.round(p.progress * 100);
            return (
              <li key={p.key} className="rounded-md border border-slate-200 bg-white px-3 py-2">
                <div className="flex min-w-0 items-center gap-2">
                  <Paperclip className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{p.name}</span>
                  <span className="shrink-0 text-xs text-slate-700">
                    {p.info ? fileSizeText(p.info.fileSize) : `${percent}%`}
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${p.name}`}
                    onClick={() => files.remove(p.key)}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </div>
                {!p.info && (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${p.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
                  >
                    <div className="h-full bg-blue-600" style={{ width: `${percent}%` }} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {files.error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {files.error}
        </p>
      )}
    </div>
  );
}

function Compose({ applicationId, thread }: { applicationId: string; thread: Thread }) {
  const qc = useQueryClient();
  const files = useAttachments(applicationId);
  const [body, setBody] = useState('');
  const [asOrganization, setAsOrganization] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = useMutation({
    mutationFn: () =>
      postMessage(applicationId, {
        body,
        ...(thread.side === 'staff' ? { as_organization: asOrganization } : {}),
        ...(files.paths.length ? { attachments: files.paths } : {}),
      }),
    onSuccess: () => {
      setBody('');
      files.clear();
      setError(null);
      toast.success('Message sent.');
      void qc.invalidateQueries({ queryKey: ['messages'] });
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'Could not send the message.'),
  });
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return setError(messageWords.bodyRequired);
        send.mutate();
      }}
    >
      <Textarea
        id={`${id}-body`}
        label="Your message"
        value={body}
        maxLength={MAX_MESSAGE_LENGTH}
        onChange={(e) => setBody(e.target.value)}
        error={error ?? undefined}
      />
      <AttachControl files={files} id={id} />
      {thread.side === 'staff' && (
        <Checkbox
          label={messageWords.asOrganization(thread.org_name)}
          hint="The applicant sees the organization’s name instead of yours."
          checked={asOrganization}
          onCheckedChange={setAsOrganization}
        />
      )}
      <Button type="submit" disabled={send.isPending || files.uploading}>
        {send.isPending ? 'Sending…' : messageWords.send}
      </Button>
    </form>
  );
}

function ReviewersSetting({ programId }: { programId: string }) {
  const qc = useQueryClient();
  const settings = useQuery(messageSettingsQuery(programId));
  const save = useMutation({
    mutationFn: (on: boolean) => saveMessageSettings(programId, { reviewers_may_write: on }),
    onSuccess: (data) => qc.setQueryData(messageSettingsQuery(programId).queryKey, data),
    onError: () => toast.error('Could not save the setting.'),
  });
  if (!settings.data) return null;
  return (
    <Checkbox
      label={messageWords.reviewersMayWrite}
      hint="A setting of the whole program. Off: only its admins take part."
      checked={save.isPending ? !!save.variables : settings.data.reviewers_may_write}
      onCheckedChange={(on) => save.mutate(on)}
      disabled={save.isPending}
    />
  );
}
