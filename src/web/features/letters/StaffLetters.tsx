import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  letterCountText,
  letterFileProblem,
  letterStateLabels,
  letterUpload,
  letterWords,
} from '../../../shared/domain/letters';
import { uploadRuleText } from '../../../shared/domain/upload-labels';
import type { StaffLetter } from '../../../shared/schemas/letters';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { QueryStates } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatShortDay } from '../../lib/format';
import { toast } from '../../lib/toast';
import { acceptForTypes, FileUpload } from '../files/FileUpload';
import { letterFileUrl, resendLetter, staffLettersQuery, uploadLetterOnBehalf } from './api';
import { letterStateTones } from './tones';

/**
 * Reference letters beside the answers on the review screen (decision 065), through the read gate.
 * A blind program's reviewers see only "N letters received" unless the admin allowed letters.
 */
export function StaffLetters({ applicationId }: { applicationId: string }) {
  const query = useQuery(staffLettersQuery(applicationId));
  return (
    <QueryStates
      query={query}
      loading={<Skeleton className="h-24 w-full" />}
      error="Unable to load the reference letters."
      quietWhenForbidden
      isEmpty={(d) => d.questions.length === 0}
      empty={null}
    >
      {(data) => {
        // Past a question's letter deadline a resent link could take no letter (the server refuses it).
        const now = new Date();
        const closedKeys = new Set(
          data.questions.filter((q) => q.deadline && new Date(q.deadline) <= now).map((q) => q.key),
        );
        return (
          <Card title="Reference letters">
            {data.questions.map((q) => (
              <p key={q.key} className="text-sm text-slate-700">
                {q.label}: {letterCountText(q.submitted, q.min_letters)}
              </p>
            ))}
            {data.hidden ? (
              <p className="mt-2 text-sm text-slate-700">
                {letterWords.received(data.questions.reduce((n, q) => n + q.submitted, 0))}{' '}
                {letterWords.blindHidden}
              </p>
            ) : (
              <ul className="mt-3 flex flex-col gap-4">
                {data.items
                  .filter((l) => l.state !== 'cancelled')
                  .map((l) => (
                    <li key={l.id} className="rounded-lg border border-slate-200 p-3">
                      <p className="font-medium text-slate-900">
                        {l.name} <Badge tone={letterStateTones[l.state]}>{letterStateLabels[l.state]}</Badge>
                      </p>
                      <p className="text-sm text-slate-600">
                        {l.email}
                        {l.relationship ? ` · ${l.relationship}` : ''}
                        {l.submitted_by ? ` · uploaded by ${l.submitted_by} on the recommender’s behalf` : ''}
                      </p>
                      {(l.last_reminder_at || l.reminders_off) && (
                        <p className="text-xs text-slate-600">
                          {[
                            l.last_reminder_at &&
                              letterWords.reminderSent(formatShortDay(l.last_reminder_at)),
                            l.reminders_off && letterWords.remindersOff,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      )}
                      {l.state === 'declined' && l.decline_reason && (
                        <p className="mt-1 text-sm text-slate-700">Declined: {l.decline_reason}</p>
                      )}
                      {l.answers.length > 0 && (
                        <dl className="mt-2 grid gap-1 text-sm">
                          {l.answers.map((a) => (
                            <div key={a.label}>
                              <dt className="font-medium text-slate-800">{a.label}</dt>
                              <dd className="text-slate-700">{a.value}</dd>
                            </div>
                          ))}
                        </dl>
                      )}
                      {l.text && <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{l.text}</p>}
                      {data.admin &&
                        (l.state === 'requested' || l.state === 'opened' || l.state === 'bounced') && (
                          <AdminActions
                            applicationId={applicationId}
                            letter={l}
                            closed={closedKeys.has(l.question_key)}
                          />
                        )}
                      {l.file_name && (
                        <a
                          className="mt-2 inline-block text-sm font-medium text-blue-700 underline"
                          href={letterFileUrl(applicationId, l.id)}
                          target="_blank"
                          rel="noreferrer"
                        >
                          {l.file_name}
                        </a>
                      )}
                    </li>
                  ))}
              </ul>
            )}
          </Card>
        );
      }}
    </QueryStates>
  );
}

/** Admins: send a pending request again, or upload a letter received by post on the recommender's behalf (audited). */
function AdminActions({
  applicationId,
  letter,
  closed,
}: {
  applicationId: string;
  letter: StaffLetter;
  /** The letter deadline passed: no resend (an upload on the recommender's behalf is still taken). */
  closed: boolean;
}) {
  const client = useQueryClient();
  const fileHelp = useId();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['letters', 'staff', applicationId] });
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setNote(null);
    try {
      await action();
      toast.success(done);
      await refresh();
    } catch (err) {
      setNote(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2 flex flex-col gap-2">
      {letter.state !== 'bounced' && !closed && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            loading={busy}
            onClick={() => void run(() => resendLetter(applicationId, letter.id), 'Request sent again.')}
          >
            Resend request
          </Button>
        </div>
      )}
      <FileUpload
        label="Upload a letter received by post (PDF)"
        value={null}
        upload={(file, onProgress, failure) =>
          uploadLetterOnBehalf(applicationId, letter.id, file, onProgress, failure)
        }
        check={letterFileProblem}
        accept={acceptForTypes(letterUpload.types)}
        describedBy={fileHelp}
        onUploaded={() => {
          // The request is Submitted now: the list refreshes, and these controls go with it.
          toast.success('Letter uploaded on the recommender’s behalf.');
          void refresh();
        }}
      />
      <p id={fileHelp} className="text-xs text-slate-600">
        {uploadRuleText(letterUpload)}
      </p>
      <div role="alert">{note && <p className="text-sm font-medium text-red-700">{note}</p>}</div>
    </div>
  );
}
