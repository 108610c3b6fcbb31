import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { BackLink } from '../../components/ui/BackLink';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { useTopic } from '../../lib/realtime';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { DownloadButtons } from '../exports/DownloadButtons';
import { isUuid, reviewListsKey, reviewQueueQuery } from './api';
import { TableSkeleton } from './parts';
import { ReviewTable } from './ReviewTable';

// Independent scoring loads only on its programs' pages.
const IndependentQueue = lazy(() =>
  import('../scoring/IndependentQueue').then((m) => ({ default: m.IndependentQueue })),
);

/** The spec: 'Failed to load reviews' (or the server's message). */
export const loadError = (err: Error) =>
  err.message && err.message !== 'An error occurred.' ? err.message : 'Failed to load reviews';

/** /review/{programId}: the program's submitted applications and their reviews. */
export function ReviewQueuePage({ programId }: { programId: string }) {
  const valid = isUuid(programId);
  const queue = useQuery({ ...reviewQueueQuery(programId), enabled: valid });
  usePageTitle(queue.data ? `Reviews · ${queue.data.program.name}` : 'Reviews');
  const queryClient = useQueryClient();
  useTopic(valid ? 'reviews' : null, () => void queryClient.invalidateQueries({ queryKey: reviewListsKey }));
  const independent = queue.data?.review_mode === 'independent';

  return (
    <DashboardShell showReviews>
      <BackLink to="/review">Your Review Assignments</BackLink>
      {!valid ? (
        <div className="mt-6">
          <h1 className="sr-only">Reviews</h1>
          <ErrorState message="Missing programId" />
        </div>
      ) : (
        <>
          <PageHeader
            className="mt-4"
            eyebrow={queue.data ? queue.data.program.organization_name : '\u00a0'}
            title={queue.data ? queue.data.program.name : 'Reviews'}
            actions={
              queue.data?.can_admin && (
                <>
                  <LinkButton to="/review/$programId/reviewers" params={{ programId }} variant="secondary">
                    Manage Reviewers
                  </LinkButton>
                  <LinkButton to="/review/$programId/publish" params={{ programId }} variant="secondary">
                    Publish Results
                  </LinkButton>
                </>
              )
            }
          />
          {queue.data?.can_admin && (
            <div className="mt-4">
              <DownloadButtons
                what="Reviews"
                url={(format) =>
                  `/api/programs/${encodeURIComponent(programId)}/exports/reviews?format=${format}`
                }
              />
            </div>
          )}
          <div className="mt-6">
            {queue.isPending ? (
              <TableSkeleton />
            ) : queue.isError ? (
              <ErrorState
                message={loadError(queue.error)}
                onRetry={() => void queue.refetch()}
                retrying={queue.isFetching}
              />
            ) : independent ? (
              <Suspense fallback={<TableSkeleton />}>
                <IndependentQueue queue={queue.data} programId={programId} />
              </Suspense>
            ) : queue.data.items.length === 0 ? (
              <EmptyState icon={<ClipboardList />} title="No submitted applications yet." />
            ) : (
              <>
                <ReviewTable
                  label="Submitted applications"
                  rows={queue.data.items}
                  editor="Last Edited By"
                  decision
                  action="Action"
                />
                <p className="mt-3 text-sm text-slate-600">Showing {queue.data.items.length} applications</p>
              </>
            )}
          </div>
        </>
      )}
    </DashboardShell>
  );
}
