import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import type { ReviewQueue } from '../../../shared/schemas/reviews';
import type { ConflictRow } from '../../../shared/schemas/scoring';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { MailOffNotice } from '../mail/MailOffNotice';
import { Cell, reviewRowClass, ScrollTable, TableSkeleton, titleCell } from '../reviews/parts';
import { conflictsQuery, errorText, remindReviewer, removeConflict, reviewerProgressQuery } from './api';

/** Reviewer progress (per reviewer assigned / submitted / remaining) and the program's conflicts. */
export function ReviewerProgress({ program }: { program: ReviewQueue['program'] }) {
  const queryClient = useQueryClient();
  const progress = useQuery(reviewerProgressQuery(program.id));
  const conflicts = useQuery(conflictsQuery(program.id));
  const [lifting, setLifting] = useState<ConflictRow | null>(null);
  const [reminding, setReminding] = useState<string | null>(null);

  async function remind(userId: string) {
    setReminding(userId);
    try {
      const done = await remindReviewer(program.id, userId);
      if (done.sent) toast.success(done.message);
      else toast.info(done.message);
    } catch (err) {
      toast.error(errorText(err, 'Failed to send the reminder'));
    } finally {
      setReminding(null);
    }
  }

  const items = progress.data?.items ?? [];
  const totals = items.reduce(
    (t, i) => ({ assigned: t.assigned + i.assigned, submitted: t.submitted + i.submitted }),
    { assigned: 0, submitted: 0 },
  );

  return (
    <>
      <section aria-labelledby="progress-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
            Reviewers
          </h2>
          {progress.data && totals.assigned > 0 && (
            <p className="text-sm text-slate-700">
              {totals.submitted} of {totals.assigned} score sheets submitted (
              {Math.round((100 * totals.submitted) / totals.assigned)}%)
            </p>
          )}
        </div>
        <MailOffNotice what="A reminder" className="mt-3" />
        <div className="mt-3">
          {progress.isPending ? (
            <TableSkeleton />
          ) : progress.isError ? (
            <ErrorState
              message={errorText(progress.error, 'Failed to load reviewer progress')}
              onRetry={() => void progress.refetch()}
              retrying={progress.isFetching}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={<Users />}
              title="No reviewers yet."
              description="Add reviewers to this program under Manage Reviewers, then assign applications."
            />
          ) : (
            <ScrollTable
              label="Reviewer progress"
              columns={['Reviewer', 'Assigned', 'Submitted', 'Remaining', 'Progress', 'Action']}
            >
              {items.map((r) => {
                const share = r.assigned ? Math.round((100 * r.submitted) / r.assigned) : 0;
                return (
                  <tr key={r.user_id} className={reviewRowClass}>
                    <th scope="row" className={titleCell}>
                      <span className="block">{r.name ?? r.email}</span>
                      <span className="block text-xs font-normal text-slate-600">{r.email}</span>
                      {!r.in_pool && (
                        <span className="mt-1 block">
                          <Badge tone="neutral">No longer a reviewer</Badge>
                        </span>
                      )}
                      {r.reopen_requests > 0 && (
                        <span className="mt-1 block">
                          <Badge tone="warning">
                            {r.reopen_requests} reopen request{r.reopen_requests === 1 ? '' : 's'}
                          </Badge>
                        </span>
                      )}
                    </th>
                    <Cell label="Assigned" className="tabular-nums">
                      {r.assigned}
                    </Cell>
                    <Cell label="Submitted" className="tabular-nums">
                      {r.submitted}
                    </Cell>
                    <Cell label="Remaining" className="tabular-nums">
                      {r.remaining}
                    </Cell>
                    <Cell label="Progress">
                      <div className="flex items-center gap-2">
                        <div
                          className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
                          role="progressbar"
                          aria-label={`Progress of ${r.name ?? r.email}`}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={share}
                        >
                          <div className="h-full bg-blue-600" style={{ width: `${share}%` }} />
                        </div>
                        <span className="text-xs tabular-nums text-slate-700">{share}%</span>
                      </div>
                    </Cell>
                    <Cell label="Action">
                      {progress.data.can_remind && r.remaining > 0 ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          loading={reminding === r.user_id}
                          aria-label={`Remind ${r.name ?? r.email}`}
                          onClick={() => void remind(r.user_id)}
                        >
                          Remind
                        </Button>
                      ) : (
                        <span className="text-sm text-slate-500">{r.assigned ? 'All scored' : '\u2014'}</span>
                      )}
                    </Cell>
                  </tr>
                );
              })}
            </ScrollTable>
          )}
        </div>
      </section>

      <section aria-labelledby="conflicts-heading" className="mt-8">
        <h2 id="conflicts-heading" className="text-lg font-semibold text-slate-900">
          Conflicts of interest
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Marked on an application's page, or declared by a reviewer ("I know this applicant"). A reviewer is
          never assigned an application they have a conflict with, nor their own.
        </p>
        <div className="mt-3">
          {conflicts.isPending ? (
            <TableSkeleton rows={2} />
          ) : conflicts.isError ? (
            <ErrorState
              message={errorText(conflicts.error, 'Failed to load conflicts')}
              onRetry={() => void conflicts.refetch()}
            />
          ) : conflicts.data.items.length === 0 ? (
            <EmptyState title="No conflicts of interest recorded." />
          ) : (
            <ScrollTable
              label="Conflicts of interest"
              columns={['Reviewer', 'Applicant', 'Source', 'Note', 'Recorded', 'Action']}
            >
              {conflicts.data.items.map((c) => (
                <tr key={c.id} className={reviewRowClass}>
                  <th scope="row" className={titleCell}>
                    {c.reviewer_name ?? 'Reviewer'}
                  </th>
                  <Cell label="Applicant">{c.applicant_name ?? 'Applicant'}</Cell>
                  <Cell label="Source">
                    <Badge tone={c.source === 'declared' ? 'warning' : 'neutral'}>
                      {c.source === 'declared' ? 'Recused' : 'Marked by an admin'}
                    </Badge>
                  </Cell>
                  <Cell label="Note">{c.note ?? '\u2014'}</Cell>
                  <Cell label="Recorded" className="whitespace-nowrap">
                    {formatDateTime(c.created_at)}
                  </Cell>
                  <Cell label="Action">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Lift the conflict of ${c.reviewer_name ?? 'this reviewer'} with ${c.applicant_name ?? 'this applicant'}`}
                      onClick={() => setLifting(c)}
                    >
                      Lift
                    </Button>
                  </Cell>
                </tr>
              ))}
            </ScrollTable>
          )}
        </div>
      </section>
      <ConfirmDialog
        open={lifting !== null}
        onOpenChange={(open) => !open && setLifting(null)}
        title="Lift this conflict of interest?"
        description={`${lifting?.reviewer_name ?? 'The reviewer'} can then be assigned to the application of ${lifting?.applicant_name ?? 'this applicant'} again.`}
        confirmLabel="Lift conflict"
        onConfirm={async () => {
          try {
            toast.success((await removeConflict(program.id, lifting!.id)).message);
            void queryClient.invalidateQueries({ queryKey: ['review-lists'] });
          } catch (err) {
            toast.error(errorText(err, 'Failed to lift the conflict'));
            throw err;
          }
        }}
      />
    </>
  );
}
