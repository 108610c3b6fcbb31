import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AutoAssignPlan } from '../../../shared/schemas/scoring';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  applyAutoAssign,
  assignReviewers,
  errorText,
  previewAutoAssign,
  reviewerProgressQuery,
  unassignReviewers,
} from './api';

const refreshLists = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['review-lists'] });

/** Assign (or unassign) chosen reviewers of the program's pool to the selected applications. */
export function AssignDialog({
  programId,
  applicationIds,
  mode,
  open,
  onOpenChange,
  onDone,
}: {
  programId: string;
  applicationIds: string[];
  mode: 'assign' | 'unassign';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const progress = useQuery({ ...reviewerProgressQuery(programId), enabled: open });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const people = (progress.data?.items ?? []).filter((p) => (mode === 'assign' ? p.in_pool : p.assigned > 0));
  const count = applicationIds.length;
  const title =
    mode === 'assign'
      ? `Assign reviewers to ${count} application${count === 1 ? '' : 's'}`
      : `Unassign reviewers from ${count} application${count === 1 ? '' : 's'}`;

  async function run() {
    if (chosen.size === 0) {
      setProblem('Choose at least one reviewer.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result =
        mode === 'assign'
          ? await assignReviewers(programId, applicationIds, [...chosen])
          : await unassignReviewers(programId, applicationIds, [...chosen]);
      toast.success(result.message);
      await refreshLists(queryClient);
      setChosen(new Set());
      onOpenChange(false);
      onDone();
    } catch (err) {
      setProblem(
        errorText(err, mode === 'assign' ? 'Failed to assign reviewers' : 'Failed to unassign reviewers'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={
        mode === 'assign'
          ? 'Reviewers with a conflict of interest, or who applied themselves, are skipped.'
          : 'Submitted score sheets are kept.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={run} loading={busy} variant={mode === 'assign' ? 'primary' : 'danger'}>
            {mode === 'assign' ? 'Assign' : 'Unassign'}
          </Button>
        </>
      }
    >
      {progress.isPending ? (
        <SkeletonText lines={3} />
      ) : progress.isError ? (
        <ErrorState message="Failed to load reviewers" onRetry={() => void progress.refetch()} />
      ) : people.length === 0 ? (
        <p className="text-slate-600">
          {mode === 'assign'
            ? 'No reviewers yet. Add reviewers to this program under Manage Reviewers.'
            : 'No reviewer is assigned yet.'}
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">Reviewers</legend>
          <ul className="max-h-72 space-y-2 overflow-y-auto">
            {people.map((p) => (
              <li key={p.user_id}>
                <Checkbox
                  label={p.name ?? p.email}
                  hint={`${p.email} · ${p.assigned} assigned, ${p.remaining} to score`}
                  checked={chosen.has(p.user_id)}
                  onCheckedChange={(on) => {
                    const next = new Set(chosen);
                    if (on) next.add(p.user_id);
                    else next.delete(p.user_id);
                    setChosen(next);
                    setProblem(null);
                  }}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/**
 * Automatic assignment: N reviewers per application, an optional maximum per reviewer, a preview of
 * the resulting loads, then apply exactly that plan (decision 036).
 */
export function AutoAssignDialog({
  programId,
  open,
  onOpenChange,
}: {
  programId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [perApplication, setPerApplication] = useState('2');
  const [cap, setCap] = useState('');
  const [plan, setPlan] = useState<AutoAssignPlan | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();

  const body = () => {
    const n = Number(perApplication);
    const max = cap.trim() ? Number(cap) : null;
    if (!Number.isInteger(n) || n < 1 || n > 50)
      return { error: 'Enter a whole number of reviewers from 1 to 50.' };
    if (max !== null && (!Number.isInteger(max) || max < 1))
      return { error: 'Enter a whole number of 1 or more.' };
    return { per_application: n, max_per_reviewer: max };
  };

  async function preview() {
    const b = body();
    if ('error' in b) {
      setProblem(b.error ?? null);
      return;
    }
    setBusy('preview');
    setProblem(null);
    try {
      setPlan(await previewAutoAssign(programId, b));
    } catch (err) {
      setProblem(errorText(err, 'Failed to preview the assignment'));
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    const b = body();
    if (!plan || 'error' in b) return;
    setBusy('apply');
    setProblem(null);
    try {
      const done = await applyAutoAssign(programId, { ...b, plan_hash: plan.plan_hash });
      toast.success(done.message);
      await refreshLists(queryClient);
      setPlan(null);
      onOpenChange(false);
    } catch (err) {
      setProblem(errorText(err, 'Failed to assign reviewers'));
      if (err instanceof ApiError && err.status === 409)
        setPlan(await previewAutoAssign(programId, b).catch(() => null));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        onOpenChange(next);
        if (!next) setPlan(null);
      }}
      size="lg"
      title="Assign reviewers automatically"
      description="Every application gets its reviewers from the program's pool: loads as even as possible, never a conflict of interest. Existing assignments and score sheets are kept."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy !== null}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            loading={busy === 'preview'}
            disabled={busy !== null}
          >
            Preview
          </Button>
          <Button onClick={apply} loading={busy === 'apply'} disabled={!plan || busy !== null}>
            Apply
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void preview();
        }}
      >
        <Input
          label="Reviewers per application"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          required
          value={perApplication}
          onChange={(e) => {
            setPerApplication(e.target.value);
            setPlan(null);
          }}
        />
        <Input
          label="Most per reviewer (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          value={cap}
          onChange={(e) => {
            setCap(e.target.value);
            setPlan(null);
          }}
        />
      </form>
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {plan && (
        <div className="mt-4" role="status">
          <p className="text-sm text-slate-800">{plan.message}</p>
          {plan.loads.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              No reviewers yet. Add reviewers to this program under Manage Reviewers.
            </p>
          ) : (
            <div className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-slate-200">
              <table className="w-full text-sm">
                <caption className="sr-only">Reviewer loads after the assignment</caption>
                <thead className="sticky top-0 bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Reviewer
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Now
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Adds
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {plan.loads.map((l) => (
                    <tr key={l.user_id}>
                      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                        {l.name ?? l.email}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{l.current}</td>
                      <td className="px-3 py-2 text-right tabular-nums">+{l.added}</td>
                      <td className="px-3 py-2 text-right font-semibold tabular-nums">{l.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
