import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deadlineMessages as d } from '../../../shared/domain/deadlines';
import { LIMITS } from '../../../shared/domain/limits';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Textarea } from '../../components/ui/Field';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';

/** A `datetime-local` value (the viewer's time zone) for a stored ISO time. */
function localValue(iso: string | null): string {
  if (!iso) return '';
  const t = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/**
 * An admin gives one applicant a personal close time with a note (issue 31 item 3): the server
 * accepts their saves and submit until then while everyone else is closed, and emails them.
 */
export function PersonalDeadlineButton({
  programId,
  applicationId,
  applicantName,
  current,
}: {
  programId: string;
  applicationId: string;
  applicantName: string;
  current: string | null;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState(localValue(current));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    setError(null);
    if (!when) return setError(d.mustBeFuture);
    setBusy(true);
    try {
      await api('POST', `/programs/${encodeURIComponent(programId)}/personal-deadlines`, {
        application_ids: [applicationId],
        close_at: new Date(when).toISOString(),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast.success(d.set);
      setOpen(false);
      await queryClient.invalidateQueries();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Save failed');
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`${d.setTitle}: ${applicantName}`}
      >
        {d.setTitle}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title={`${d.setTitle}: ${applicantName}`}
        description="Until this time they can still save and submit, while the program is closed for everyone else. They are emailed."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={save} loading={busy}>
              Save deadline
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <Input
            label="Closes at"
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            error={error ?? undefined}
            required
          />
          <Textarea
            label="Note to the applicant (optional)"
            value={note}
            maxLength={LIMITS.line}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </Dialog>
    </>
  );
}
