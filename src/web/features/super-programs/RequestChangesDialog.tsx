import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AdminProgram } from '../../../shared/schemas/programs';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Textarea } from '../../components/ui/Field';
import { useProgramMutations } from '../programs-admin/api';

export const NOTE_REQUIRED = 'Please provide a note explaining what needs to be changed.';

/** Request Changes: a required note; the program is unpublished until a super admin approves it again. */
export function RequestChangesDialog({
  program,
  onClose,
}: {
  program: AdminProgram | null;
  onClose: () => void;
}) {
  const { requestChanges } = useProgramMutations();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (program) {
      setNote('');
      setError(null);
    }
  }, [program]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!program) return;
    if (!note.trim()) {
      setError(NOTE_REQUIRED);
      ref.current?.focus();
      return;
    }
    requestChanges.mutate({ id: program.id, note: note.trim() }, { onSuccess: onClose });
  }

  return (
    <Dialog
      open={program !== null}
      onOpenChange={(open) => !open && !requestChanges.isPending && onClose()}
      title={program ? `Request changes: ${program.name}` : 'Request changes'}
      description="The program will be unpublished and will need super admin approval to be republished."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Textarea
          ref={ref}
          label="Note"
          hint="Explain what needs to be changed. The organization sees this note."
          required
          rows={5}
          maxLength={5000}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            if (error && e.target.value.trim()) setError(null);
          }}
          error={error}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={requestChanges.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={requestChanges.isPending}>
            Request Changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
