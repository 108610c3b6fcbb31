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

/** One application the dialog sets a personal deadline on. */
export interface DeadlineTarget {
  programId: string;
  applicationId: string;
}

/**
 * An admin gives one applicant (or a few, selected in the inbox) a personal close time with a note
 * (issue 31 item 3): the server accepts their saves and submit until then while everyone else is
 * closed, and emails them. The route takes up to 100 applications of one program: the selection is
 * sent one program at a time.
 */
export function PersonalDeadlineButton({
  targets,
  label,
  title,
  current,
  onDone,
}: {
  targets: DeadlineTarget[];
  /** The button's accessible name. */
  label: string;
  /** The dialog's title (the applicant's name, or the count). */
  title: string;
  current: string | null;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState(localValue(current));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const many = targets.length > 1;
  async function save() {
    setError(null);
    if (!when) return setError(d.mustBeFuture);
    setBusy(true);
    try {
      const byProgram = new Map<string, string[]>();
      for (const t of targets)
        byProgram.set(t.programId, [...(byProgram.get(t.programId) ?? []), t.applicationId]);
      for (const [programId, ids] of byProgram) {
        for (let i = 0; i < ids.length; i += 100) {
          await api('POST', `/programs/${encodeURIComponent(programId)}/personal-deadlines`, {
            application_ids: ids.slice(i, i + 100),
            close_at: new Date(when).toISOString(),
            ...(note.trim() ? { note: note.trim() } : {}),
          });
        }
      }
      toast.success(many ? `${d.set} for ${targets.length} applications` : d.set);
      setOpen(false);
      onDone?.();
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
        aria-label={label}
        disabled={targets.length === 0}
      >
        {many ? `${d.setTitle} (${targets.length})` : d.setTitle}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title={`${d.setTitle}: ${title}`}
        description={
          many
            ? `Until this time these ${targets.length} applicants can still save and submit, while the program is closed for everyone else. Each is emailed.`
            : 'Until this time they can still save and submit, while the program is closed for everyone else. They are emailed.'
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={save} loading={busy}>
              {many ? `Save deadline for ${targets.length} applications` : 'Save deadline'}
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
            label={many ? 'Note to the applicants (optional)' : 'Note to the applicant (optional)'}
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
