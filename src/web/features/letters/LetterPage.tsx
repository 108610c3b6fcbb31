import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  LETTER_ANSWER_MAX,
  LETTER_TEXT_MAX,
  letterFileProblem,
  letterUpload,
  letterWords,
} from '../../../shared/domain/letters';
import { LIMITS } from '../../../shared/domain/limits';
import { uploadRuleText } from '../../../shared/domain/upload-labels';
import type { RecommenderQuestion } from '../../../shared/schemas/forms';
import type { LetterPage as LetterPageData } from '../../../shared/schemas/letters';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn } from '../../components/ui/cn';
import { Input, RequiredMark, Textarea } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { ShownFile } from '../files/api';
import { acceptForTypes, FileUpload } from '../files/FileUpload';
import {
  declineLetter,
  letterFileShown,
  letterPageQuery,
  removeLetterFile,
  saveLetterDraft,
  submitLetter,
  uploadLetterFile,
} from './api';

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status === 404
    ? letterWords.linkInvalid
    : err instanceof ApiError && err.status === 429
      ? 'Too many attempts. Wait a minute and try again.'
      : 'Unable to load this letter request.';

/**
 * The recommender's page (issue 30, decision 065): no account, no sign-in, no app chrome; the link's
 * token is the key. Phone first.
 */
export function LetterPage({ token }: { token: string }) {
  const query = useQuery(letterPageQuery(token));
  useEffect(() => {
    document.title = 'Reference letter · ApplyHub';
  }, []);
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <p className="mb-4 text-sm font-semibold text-blue-700">ApplyHub</p>
      <QueryStates query={query} loading={<Skeleton className="h-64 w-full" />} error={errorText}>
        {(page) => <LetterPageBody token={token} page={page} />}
      </QueryStates>
    </main>
  );
}

function Done({ page, message }: { page: LetterPageData; message: string }) {
  return (
    <Card>
      <h1 className="text-xl font-semibold text-slate-900">
        {page.status === 'submitted'
          ? 'Letter submitted'
          : page.status === 'declined'
            ? 'Request declined'
            : 'Reference letter'}
      </h1>
      <p className="mt-2 text-slate-700" role="status">
        {message}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {page.program_name} · {page.org_name}
      </p>
    </Card>
  );
}

type Save = 'idle' | 'saving' | 'saved' | 'error';

function LetterPageBody({ token, page }: { token: string; page: LetterPageData }) {
  // What the page ends with: the server's page when the link was not open, or this visit's outcome.
  const [done, setDone] = useState<{ status: LetterPageData['status']; message: string } | null>(
    page.status === 'open' ? null : { status: page.status, message: page.message ?? '' },
  );
  const [text, setText] = useState(page.draft?.text ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>(page.draft?.answers ?? {});
  const [file, setFile] = useState<ShownFile | null>(page.draft ? letterFileShown(page.draft) : null);
  const [save, setSave] = useState<Save>('idle');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const dirty = useRef(false);
  const fileHelp = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);

  // Draft autosave, a second after the last keystroke.
  useEffect(() => {
    if (!dirty.current || done) return;
    const timer = setTimeout(() => {
      setSave('saving');
      saveLetterDraft(token, { text, answers })
        .then(() => setSave('saved'))
        .catch(() => setSave('error'));
    }, 1000);
    return () => clearTimeout(timer);
  }, [token, text, answers, done]);

  if (done) return <Done page={{ ...page, status: done.status }} message={done.message} />;

  const takesText = page.provides !== 'file';
  const takesFile = page.provides !== 'text';

  async function onRemoveFile() {
    try {
      setFile(letterFileShown(await removeLetterFile(token)));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Unable to remove the file.');
      throw err;
    }
  }

  async function onSubmit() {
    setConfirm(false);
    setSubmitting(true);
    setError(null);
    try {
      const res = await submitLetter(token, { text, answers });
      setDone(res);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Unable to submit the letter.');
      errorRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  async function onDecline() {
    try {
      const res = await declineLetter(token, reason);
      setDone(res);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Unable to decline.');
    }
    setDeclining(false);
  }

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <h1 className="text-xl font-semibold text-slate-900 sm:text-2xl">
          Reference letter for {page.applicant_name}
        </h1>
        <p className="mt-2 text-slate-700">
          {page.applicant_name} applied to <strong>{page.program_name}</strong> ({page.org_name}) and asked
          you, {page.recommender_name}, for a letter. No account is needed; your draft is saved as you write
          and this link brings you back to it.
        </p>
        {page.deadline ? (
          <p className="mt-2 text-sm text-slate-600">
            Letters are due by{' '}
            {new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(
              new Date(page.deadline),
            )}
            .
          </p>
        ) : (
          page.expires_at && (
            <p className="mt-2 text-sm text-slate-600">
              This link works until{' '}
              {new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(page.expires_at))}.
            </p>
          )
        )}
        {page.instructions && (
          <div className="mt-4 rounded-lg bg-slate-50 p-4">
            <h2 className="text-sm font-semibold text-slate-900">Instructions</h2>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{page.instructions}</p>
          </div>
        )}
      </Card>

      <Card title="Your letter">
        <div className="flex flex-col gap-4">
          {takesText && (
            <Textarea
              label={
                page.provides === 'either' ? 'Write the letter (or upload it below)' : 'Write the letter'
              }
              rows={12}
              maxLength={LETTER_TEXT_MAX}
              value={text}
              onChange={(e) => {
                dirty.current = true;
                setText(e.target.value);
              }}
            />
          )}
          {takesFile && (
            <div className="flex flex-col gap-2">
              <FileUpload
                label={page.provides === 'either' ? 'Or upload the letter (PDF)' : 'Upload the letter (PDF)'}
                value={file}
                upload={(f, onProgress, failure) => uploadLetterFile(token, f, onProgress, failure)}
                check={letterFileProblem}
                accept={acceptForTypes(letterUpload.types)}
                describedBy={fileHelp}
                onUploaded={setFile}
                onRemove={onRemoveFile}
              />
              <p id={fileHelp} className="text-sm text-slate-600">
                {uploadRuleText(letterUpload)}
              </p>
            </div>
          )}
          {page.questions.map((q) =>
            q.type === 'rating' ? (
              <RatingField
                key={q.key}
                question={q}
                value={answers[q.key] ?? ''}
                onChange={(v) => {
                  dirty.current = true;
                  setAnswers({ ...answers, [q.key]: v });
                }}
              />
            ) : q.type === 'long_text' ? (
              <Textarea
                key={q.key}
                label={q.label}
                required={q.required}
                rows={4}
                maxLength={LETTER_ANSWER_MAX}
                value={answers[q.key] ?? ''}
                onChange={(e) => {
                  dirty.current = true;
                  setAnswers({ ...answers, [q.key]: e.target.value });
                }}
              />
            ) : (
              <Input
                key={q.key}
                label={q.label}
                required={q.required}
                maxLength={LIMITS.line}
                value={answers[q.key] ?? ''}
                onChange={(e) => {
                  dirty.current = true;
                  setAnswers({ ...answers, [q.key]: e.target.value });
                }}
              />
            ),
          )}
          <p className="text-sm text-slate-600" aria-live="polite">
            {save === 'saving'
              ? 'Saving…'
              : save === 'saved'
                ? 'Draft saved'
                : save === 'error'
                  ? 'Draft not saved'
                  : ''}
          </p>
          {error && (
            <p ref={errorRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button loading={submitting} onClick={() => setConfirm(true)}>
              Submit letter
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </div>
        </div>
      </Card>

      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Submit this letter?"
        description={`Your letter goes to ${page.org_name}. ${page.applicant_name} is told it arrived but never sees it. You cannot change it afterwards.`}
        confirmLabel="Submit letter"
        onConfirm={() => void onSubmit()}
      />
      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Decline this request?"
        description={`${page.applicant_name} will see that you declined and can ask someone else.`}
        confirmLabel="Decline"
        onConfirm={() => void onDecline()}
      >
        <Textarea
          label="Reason (optional)"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}

/**
 * A rating: one radio button per choice (arrow keys move and choose; a screen reader reads the
 * question, the choice and "n of m"), wrapping on a phone; an optional rating can be cleared.
 */
function RatingField({
  question: q,
  value,
  onChange,
}: {
  question: RecommenderQuestion;
  value: string;
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        {q.label}
        {q.required && <RequiredMark />}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {(q.options ?? []).map((o) => (
          <label
            key={o}
            className={cn(
              'relative inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800',
              'has-[:checked]:border-blue-600 has-[:checked]:bg-blue-600 has-[:checked]:text-white',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 has-[:focus-visible]:ring-offset-2',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o}
              checked={value === o}
              required={q.required}
              onChange={() => onChange(o)}
              className="sr-only"
            />
            {o}
          </label>
        ))}
        {value && !q.required && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')} aria-label={`Clear ${q.label}`}>
            Clear
          </Button>
        )}
      </div>
    </fieldset>
  );
}
