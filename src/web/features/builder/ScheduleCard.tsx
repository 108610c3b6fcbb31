import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { privacyMessages, RETENTION_MONTHS_MAX } from '../../../shared/domain/privacy';
import { REMINDER_CHOICES } from '../../../shared/schemas/programs';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { editorQuery, saveSchedule, scheduleQuery } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a datetime-local value in the viewer's time zone ('' when none). */
function toLocalInput(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value as an ISO instant (null when empty or unreadable). */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const reminderLabel = (h: number) =>
  h % 24 === 0 ? `${h / 24} day${h === 24 ? '' : 's'} before` : `${h} hours before`;

interface Draft {
  open: string;
  close: string;
  hours: number[];
  /** Months after closing before applications are deleted; '' keeps them (decision 056). */
  retention: string;
}

/**
 * Dates and deadline reminders (issue 19): when the program opens and closes, and when applicants
 * with an unfinished application are reminded (72 h and 24 h by default; none allowed). Moving a
 * published program's deadline later tells those applicants.
 */
export function ScheduleCard({ programId, locked }: { programId: string; locked: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(scheduleQuery(programId));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (query.data && !draft)
      setDraft({
        open: toLocalInput(query.data.open_at),
        close: toLocalInput(query.data.close_at),
        hours: query.data.reminder_hours,
        retention: query.data.retention_months === null ? '' : String(query.data.retention_months),
      });
  }, [query.data, draft]);

  async function save() {
    if (!draft || !query.data) return;
    const open_at = fromLocalInput(draft.open);
    const close_at = fromLocalInput(draft.close);
    if (open_at && close_at && close_at < open_at) {
      setError('The close date must not be before the open date.');
      return;
    }
    const retention = draft.retention.trim() === '' ? null : Number(draft.retention);
    if (
      retention !== null &&
      (!Number.isInteger(retention) || retention < 1 || retention > RETENTION_MONTHS_MAX)
    ) {
      setError(privacyMessages.retentionRange);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const res = await saveSchedule(programId, {
        open_at,
        close_at,
        reminder_hours: draft.hours,
        retention_months: retention,
        version: query.data.version,
      });
      queryClient.setQueryData(scheduleQuery(programId).queryKey, res.schedule);
      void queryClient.invalidateQueries({ queryKey: editorQuery(programId).queryKey });
      setDraft(null);
      toast.success(res.message);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Save failed.';
      setError(message);
      if (err instanceof ApiError && err.status === 409) void query.refetch().then(() => setDraft(null));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card
      title="Dates and reminders"
      description="When applications open and close, and when drafts are reminded."
    >
      {query.isPending || (query.data && !draft) ? (
        <SkeletonText lines={4} />
      ) : query.isError || !draft ? (
        <ErrorState
          message="Failed to load the dates"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <Input
            label="Opens"
            type="datetime-local"
            value={draft.open}
            disabled={locked}
            onChange={(e) => setDraft({ ...draft, open: e.target.value })}
            hint="Empty: open as soon as it is published."
          />
          <Input
            label="Closes"
            type="datetime-local"
            value={draft.close}
            disabled={locked}
            onChange={(e) => setDraft({ ...draft, close: e.target.value })}
            hint="Empty: never closes."
            error={error?.startsWith('The close date') ? error : undefined}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Deadline reminders</legend>
            <p className="mt-1 text-sm text-slate-600">
              Emailed to applicants who started but did not submit.
              {draft.hours.length === 0 && ' None will be sent.'}
            </p>
            <div className="mt-3 flex flex-col gap-2">
              {REMINDER_CHOICES.map((h) => (
                <Checkbox
                  key={h}
                  label={reminderLabel(h)}
                  checked={draft.hours.includes(h)}
                  disabled={locked}
                  onCheckedChange={(on) =>
                    setDraft({
                      ...draft,
                      hours: on
                        ? [...draft.hours, h].sort((a, b) => b - a)
                        : draft.hours.filter((x) => x !== h),
                    })
                  }
                />
              ))}
            </div>
          </fieldset>
          <Input
            label="Delete applications this many months after the program closes"
            type="number"
            inputMode="numeric"
            min={1}
            max={RETENTION_MONTHS_MAX}
            value={draft.retention}
            disabled={locked}
            onChange={(e) => setDraft({ ...draft, retention: e.target.value })}
            hint={
              draft.retention.trim() === ''
                ? 'Empty: applications are kept (the default).'
                : 'Applications, their files, reviews and results are deleted for good by a daily job, and the audit log records it.'
            }
            error={error === privacyMessages.retentionRange ? error : undefined}
          />
          {error && !error.startsWith('The close date') && error !== privacyMessages.retentionRange && (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          )}
          {!locked && (
            <div>
              <Button variant="secondary" onClick={save} loading={saving}>
                Save dates and reminders
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
