import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { MAX_MESSAGE_LENGTH, messageWords } from '../../../shared/domain/messages';
import type { MessageThread as Thread } from '../../../shared/schemas/messages';
import { Button, Card, Checkbox, QueryStates, SkeletonText, Textarea } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useTopic } from '../../lib/realtime';
import { toast } from '../../lib/toast';
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
        </li>
      ))}
    </ol>
  );
}

function Compose({ applicationId, thread }: { applicationId: string; thread: Thread }) {
  const qc = useQueryClient();
  const [body, setBody] = useState('');
  const [asOrganization, setAsOrganization] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = useMutation({
    mutationFn: () =>
      postMessage(applicationId, {
        body,
        ...(thread.side === 'staff' ? { as_organization: asOrganization } : {}),
      }),
    onSuccess: () => {
      setBody('');
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
      {thread.side === 'staff' && (
        <Checkbox
          label={messageWords.asOrganization(thread.org_name)}
          hint="The applicant sees the organization’s name instead of yours."
          checked={asOrganization}
          onCheckedChange={setAsOrganization}
        />
      )}
      <Button type="submit" disabled={send.isPending}>
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
