import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/domain/limits';
import { reviewStatusLabel } from '../../../shared/domain/program-status';
import { defaultStageName, stageTabLabel } from '../../../shared/domain/stages';
import type { Stage } from '../../../shared/schemas/stages';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn } from '../../components/ui/cn';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input } from '../../components/ui/Field';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { programListsKey } from '../programs-admin/api';
import { addStage, builderPath, type EditorMode, stagesKey } from './api';

/** What the chain's query holds for the strip (programs in stages, decision 066). */
export interface ChainState {
  stages: Stage[] | undefined;
  pending: boolean;
  /** A failure worth a retry (not a 401/403/404: those just leave the strip out). */
  failed: boolean;
  retry: () => void;
  retrying: boolean;
}

const stageStatus = (s: Stage) =>
  s.deleted_at ? 'Deleted' : s.published ? 'Live' : reviewStatusLabel(s.review_status);

/**
 * The builder's stages: one tab per stage of the program ("Stage 2 · Full proposal"), each opening
 * its own builder, the current one marked, and "Add stage" for the organization's admins. A program
 * with one stage shows no strip, only the unobtrusive "Add stage".
 */
export function StageStrip({
  programId,
  stageNumber,
  mode,
  canAdd,
  chain,
}: {
  programId: string;
  /** The open program's stage number (1 for an ordinary program). */
  stageNumber: number;
  mode: EditorMode;
  canAdd: boolean;
  chain: ChainState;
}) {
  const [adding, setAdding] = useState(false);
  const stages = chain.stages;
  if (!stages) {
    if (chain.failed)
      return (
        <div className="mt-4">
          <ErrorState message="Unable to load the stages." onRetry={chain.retry} retrying={chain.retrying} />
        </div>
      );
    // A later stage always has a strip: hold its place while it loads.
    if (chain.pending && stageNumber > 1)
      return (
        <div role="status" className="mt-4 flex gap-2">
          <span className="sr-only">Loading stages…</span>
          <Skeleton className="h-12 w-44" />
          <Skeleton className="h-12 w-44" />
        </div>
      );
    return null;
  }
  const add = canAdd && (
    <AddStageDialogButton
      open={adding}
      onOpenChange={setAdding}
      programId={programId}
      mode={mode}
      stages={stages}
      compact={stages.length < 2}
    />
  );
  if (stages.length < 2) return add ? <div className="mt-3 flex justify-end">{add}</div> : null;
  return (
    <nav aria-label="Stages" className="mt-4">
      <ol className="flex items-end gap-1 overflow-x-auto border-b border-slate-200 pb-px">
        {stages.map((s) => {
          const current = s.id === programId;
          return (
            <li key={s.id} className="shrink-0">
              <Link
                to={builderPath(mode, s.id) as never}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  // relative: the sr-only comma (absolute) stays inside the scrolling list, not beside the page.
                  'relative -mb-px block rounded-t-md border-b-2 px-3 py-2 text-left',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
                  current
                    ? 'border-blue-600 text-blue-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                <span className="block text-sm font-medium whitespace-nowrap">
                  {stageTabLabel(s.stage_number, s.name)}
                </span>
                <span className="sr-only">, </span>
                <span className="block text-xs text-slate-600">{stageStatus(s)}</span>
              </Link>
            </li>
          );
        })}
        {add && <li className="shrink-0 self-center pl-1">{add}</li>}
      </ol>
    </nav>
  );
}

/** "Add stage" and its dialog: name, the two copy/show choices; on success the new stage's builder. */
function AddStageDialogButton({
  open,
  onOpenChange,
  programId,
  mode,
  stages,
  compact,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  programId: string;
  mode: EditorMode;
  stages: Stage[];
  compact: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const last = stages[stages.length - 1];
  const next = Math.max(...stages.map((s) => s.stage_number)) + 1;
  const [name, setName] = useState(defaultStageName(next));
  const [copyReviewerForm, setCopyReviewerForm] = useState(false);
  const [showPrevious, setShowPrevious] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  function openDialog(value: boolean) {
    if (value) {
      setName(defaultStageName(next));
      setCopyReviewerForm(false);
      setShowPrevious(false);
      setNameError(null);
      setError(null);
    }
    if (!busy) onOpenChange(value);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Enter a name for the stage.');
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    setError(null);
    setBusy(true);
    try {
      const made = await addStage(programId, {
        name: trimmed,
        copy_reviewer_form: copyReviewerForm,
        show_previous_scores: showPrevious,
      });
      void queryClient.invalidateQueries({ queryKey: stagesKey });
      void queryClient.invalidateQueries({ queryKey: programListsKey });
      onOpenChange(false);
      toast.success(`Stage ${made.stage_number ?? next} added: ${made.name}`, {
        description: 'Build its form, then publish it. Only the applicants you invite can open it.',
      });
      void navigate({ to: builderPath(mode, made.id) as never });
    } catch (err) {
      setError(
        err instanceof ApiError && err.message && err.message !== 'An error occurred.'
          ? err.message
          : 'Failed to add the stage.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant={compact ? 'ghost' : 'secondary'}
        size="sm"
        onClick={() => openDialog(true)}
        aria-haspopup="dialog"
      >
        <Plus className="size-4" aria-hidden="true" />
        Add stage
      </Button>
      <Dialog
        open={open}
        onOpenChange={openDialog}
        title="Add a stage"
        // The dialog's one field: typing starts at once.
        initialFocus={nameRef}
        description="The next stage has its own form, window and review. It is by invitation only: applicants of the previous stage you invite get it."
      >
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <Input
            ref={nameRef}
            label="Name"
            required
            hint={`Stage ${next}, for example “Full proposal” or “Audition”.`}
            maxLength={LIMITS.name}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (nameError && e.target.value.trim()) setNameError(null);
            }}
            error={nameError}
          />
          <Checkbox
            label="Copy the reviewer form of the previous stage"
            hint={`From ${stageTabLabel(last.stage_number, last.name)}. Nothing else is copied.`}
            checked={copyReviewerForm}
            onCheckedChange={setCopyReviewerForm}
          />
          <Checkbox
            label="Show reviewers of this stage the previous stage's score and decision"
            hint="Its aggregate score and decision; never its reviewers' comments or private notes. You can change this later."
            checked={showPrevious}
            onCheckedChange={setShowPrevious}
          />
          {error && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => openDialog(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add stage
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
