import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isActiveRequest, isPending, letterStateLabels, letterWords } from '../../../shared/domain/letters';
import type { Question } from '../../../shared/schemas/forms';
import type { LetterRequest } from '../../../shared/schemas/letters';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input, Textarea } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { formatShortDay } from '../../lib/format';
import { cancelLetter, myLetterRequestsQuery, requestLetter, resendLetter } from './api';
import { letterStateTones } from './tones';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * A reference_letter question on the applicant's form (issue 30, decision 065): their requests and each
 * one's state — never a letter's content — and the form to ask someone.
 */
export function LetterRequests({ applicationId, question }: { applicationId: string; question: Question }) {
  const query = useQuery(myLetterRequestsQuery(applicationId));
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['letters', 'mine', applicationId] });
  const [form, setForm] = useState({ name: '', email: '', relationship: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<LetterRequest | null>(null);

  async function send() {
    setSending(true);
    setErrors({});
    setNotice(null);
    try {
      await requestLetter(applicationId, { question_key: question.key, ...form });
      setForm({ name: '', email: '', relationship: '', message: '' });
      setNotice('Request sent.');
      await refresh();
    } catch (err) {
      if (err instanceof ApiError) setErrors({ ...(err.fields ?? {}), form: err.message });
    } finally {
      setSending(false);
    }
  }

  async function act(run: () => Promise<unknown>, done: string) {
    setNotice(null);
    try {
      await run();
      setNotice(done);
    } catch (err) {
      setNotice(err instanceof Error ? err.message : 'Something went wrong.');
    }
    await refresh();
  }

  return (
    <section aria-labelledby={`letters-${question.key}`} className="flex flex-col gap-3">
      <h3 id={`letters-${question.key}`} className="text-base font-semibold text-slate-900">
        {question.label}
      </h3>
      {question.help && <p className="text-sm text-slate-700">{question.help}</p>}
      <QueryStates
        query={query}
        loading={<Skeleton className="h-24 w-full" />}
        error="Unable to load your letter requests."
      >
        {(data) => {
          const status = data.questions.find((q) => q.key === question.key);
          const items = data.items.filter((r) => r.question_key === question.key);
          // After the letter deadline a new link could take no letter: no resend (the server refuses it).
          // (Nor on a withdrawn application: can_request is false then.)
          const closed = !data.can_request || (!!status?.deadline && new Date(status.deadline) <= new Date());
          // The question's maximum asked of people still writing (the server refuses one more).
          const full = !!status && items.filter((r) => isActiveRequest(r.state)).length >= status.max_letters;
          return (
            <>
              {status && (
                <p className="text-sm text-slate-700">
                  {status.min_letters === status.max_letters
                    ? `${status.min_letters} letter${status.min_letters === 1 ? '' : 's'} needed`
                    : `${status.min_letters} to ${status.max_letters} letters`}{' '}
                  · {status.submitted} submitted. Your recommenders write to the program directly: you will
                  see each letter’s state, not the letter.
                </p>
              )}
              {items.length === 0 ? (
                <p className="text-sm text-slate-600">No letters requested yet.</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {items.map((r) => (
                    <li
                      key={r.id}
                      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">
                          {r.name}{' '}
                          <Badge tone={letterStateTones[r.state]}>{letterStateLabels[r.state]}</Badge>
                        </p>
                        <p className="break-all text-sm text-slate-600">
                          {r.email}
                          {r.relationship ? ` · ${r.relationship}` : ''}
                        </p>
                        <p className="text-xs text-slate-600">
                          Sent {when(r.last_sent_at)}
                          {r.last_reminder_at
                            ? ` · ${letterWords.reminderSent(formatShortDay(r.last_reminder_at))}`
                            : ''}
                          {r.resend_at && !closed ? ` · Can be sent again ${when(r.resend_at)}` : ''}
                        </p>
                      </div>
                      {(r.state === 'requested' || r.state === 'opened' || r.state === 'bounced') && (
                        <div className="flex gap-2">
                          {r.state !== 'bounced' && !closed && (
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={!!r.resend_at}
                              title={r.resend_at ? letterWords.resendTooSoon : undefined}
                              onClick={() =>
                                void act(() => resendLetter(applicationId, r.id), 'Request sent again.')
                              }
                            >
                              Resend
                            </Button>
                          )}
                          <Button size="sm" variant="ghost" onClick={() => setCancelling(r)}>
                            Cancel request
                          </Button>
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {/* Full: the way to ask someone else is to cancel a pending request (none: all are in). */}
              {data.can_request && full && items.some((r) => isPending(r.state)) && (
                <p className="text-sm text-slate-700">{letterWords.enough(status?.max_letters ?? 0)}</p>
              )}
              {data.can_request && !full && (
                <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
                  <h4 className="text-sm font-semibold text-slate-900">Ask for a letter</h4>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Input
                      label="Recommender’s name"
                      required
                      value={form.name}
                      error={errors.name}
                      onChange={(e) => setForm({ ...form, name: e.target.value })}
                    />
                    <Input
                      label="Recommender’s email"
                      type="email"
                      required
                      value={form.email}
                      error={errors.email}
                      onChange={(e) => setForm({ ...form, email: e.target.value })}
                    />
                  </div>
                  <Input
                    label="Relationship"
                    hint="For example: teacher, coach, employer"
                    value={form.relationship}
                    onChange={(e) => setForm({ ...form, relationship: e.target.value })}
                  />
                  <Textarea
                    label="Personal message"
                    rows={3}
                    value={form.message}
                    onChange={(e) => setForm({ ...form, message: e.target.value })}
                  />
                  {errors.form && !errors.email && (
                    <p role="alert" className="text-sm font-medium text-red-700">
                      {errors.form}
                    </p>
                  )}
                  <div>
                    <Button loading={sending} onClick={() => void send()}>
                      Send request
                    </Button>
                  </div>
                </div>
              )}
              <p className="text-sm text-slate-700" aria-live="polite">
                {notice}
              </p>
            </>
          );
        }}
      </QueryStates>
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this request?"
        description={`${cancelling?.name ?? 'The recommender'}’s link stops working. You can ask someone else.`}
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        destructive
        onConfirm={async () => {
          const r = cancelling;
          setCancelling(null);
          if (r) await act(() => cancelLetter(applicationId, r.id), 'Request cancelled.');
        }}
      />
    </section>
  );
}
