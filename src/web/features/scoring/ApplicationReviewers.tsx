import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScoringDetail } from '../../../shared/schemas/scoring';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import {
  addConflict,
  assignReviewers,
  conflictsQuery,
  errorText,
  removeConflict,
  reviewerProgressQuery,
  scoringDetailQuery,
  unassignReviewers,
} from './api';
import { SheetStatusBadge } from './parts';

/** The program's reviewers for one application (admins): assign, unassign, mark or lift a conflict. */
export function ApplicationReviewers({ detail, programId }: { detail: ScoringDetail; programId: string }) {
  const queryClient = useQueryClient();
  const pool = useQuery(reviewerProgressQuery(programId));
  const conflicts = useQuery(conflictsQuery(programId));
  const [busy, setBusy] = useState<string | null>(null);
  const sheets = new Map(
    [...(detail.my_sheet ? [detail.my_sheet] : []), ...detail.others].map((s) => [s.reviewer_id, s]),
  );
  const conflictOf = new Map(
    (conflicts.data?.items ?? [])
      .filter((c) => c.application_id === detail.application_id)
      .map((c) => [c.reviewer_id, c]),
  );
  const people = (pool.data?.items ?? []).filter((p) => p.in_pool || sheets.has(p.user_id));

  async function act(userId: string, run: () => Promise<{ message: string }>) {
    setBusy(userId);
    try {
      toast.success((await run()).message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scoringDetailQuery(detail.application_id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['review-lists'] }),
      ]);
    } catch (err) {
      toast.error(errorText(err, 'The change failed'));
    } finally {
      setBusy(null);
    }
  }

  const app = [detail.application_id];
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-slate-900">Reviewers of this application</h3>
      {pool.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : people.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No reviewers yet. Add reviewers to this program under Manage Reviewers.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {people.map((p) => {
            const sheet = sheets.get(p.user_id);
            const conflict = conflictOf.get(p.user_id);
            const name = p.name ?? p.email;
            return (
              <li key={p.user_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{name}</span>
                  <span className="block text-xs text-slate-600">
                    {p.assigned} assigned · {p.remaining} to score
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  {conflict ? (
                    <Badge tone="danger">
                      {conflict.source === 'declared' ? 'Recused' : 'Conflict of interest'}
                    </Badge>
                  ) : sheet ? (
                    <SheetStatusBadge status={sheet.status} />
                  ) : (
                    <span className="text-sm text-slate-500">Not assigned</span>
                  )}
                  {conflict ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={busy === p.user_id}
                      aria-label={`Lift conflict of ${name}`}
                      onClick={() => act(p.user_id, () => removeConflict(programId, conflict.id))}
                    >
                      Lift conflict
                    </Button>
                  ) : sheet ? (
                    sheet.status !== 'submitted' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={busy === p.user_id}
                        aria-label={`Unassign ${name}`}
                        onClick={() => act(p.user_id, () => unassignReviewers(programId, app, [p.user_id]))}
                      >
                        Unassign
                      </Button>
                    )
                  ) : (
                    p.in_pool && (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={busy === p.user_id}
                        aria-label={`Assign ${name}`}
                        onClick={() => act(p.user_id, () => assignReviewers(programId, app, [p.user_id]))}
                      >
                        Assign
                      </Button>
                    )
                  )}
                  {!conflict && sheet?.status !== 'submitted' && p.in_pool && (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy === p.user_id}
                      aria-label={`Mark conflict of interest for ${name}`}
                      onClick={() =>
                        act(p.user_id, () => addConflict(programId, detail.application_id, p.user_id, null))
                      }
                    >
                      Mark conflict
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
