import { useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { PublicOrg } from '../../../shared/schemas/public';
import type { InboxStatus } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { formatDateTime } from '../../lib/format';
import { useTopic } from '../../lib/realtime';
import { usePageTitle } from '../../lib/title';
import { PdfLink } from '../exports/PdfLink';
import { DraftsTable } from '../inbox/DraftsTable';
import { InboxDownloads } from '../inbox/InboxDownloads';
import { InboxFilters } from '../inbox/InboxFilters';
import { inboxViews } from '../inbox/views';
import { programMessageCountsQuery } from '../messages/api';
import { UnreadBadge } from '../messages/UnreadBadge';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { useForbiddenRedirect } from '../programs-admin/api';
import { orgReviewsQuery } from './api';
import { TableSkeleton } from './parts';
import { loadError } from './ReviewQueuePage';
import { ReviewTable } from './ReviewTable';

// Independent scoring loads only when one of its programs is chosen.
const ScoringWorkbench = lazy(() =>
  import('../scoring/IndependentQueue').then((m) => ({ default: m.ScoringWorkbench })),
);

/**
 * /org/{slug}/admin/reviews: the organization's applications, one program or all, in a view (by
 * review state, published, not submitted, started; docs/decisions/019 and 037). The view and program
 * are in the address, so the dashboard's numbers link here; every view downloads as CSV or XLSX.
 */
export function ApplicationsInbox({
  org,
  status,
  programId,
  since,
}: {
  org: PublicOrg;
  status: InboxStatus;
  programId: string | undefined;
  /** Only applications submitted after this time (the admin home's "new since your last visit"). */
  since?: string;
}) {
  usePageTitle(`Applications Inbox · ${org.name}`);
  const navigate = useNavigate();
  const list = useQuery(orgReviewsQuery(org.slug, status, programId, since));
  useForbiddenRedirect(list.error);
  useTopic('reviews', () => void list.refetch());
  const setFilter = (next: { status?: InboxStatus; programId?: string | undefined; since?: undefined }) =>
    void navigate({
      to: '/org/$orgSlug/admin/reviews',
      params: { orgSlug: org.slug },
      search: {
        status: next.status ?? status,
        program: 'programId' in next ? next.programId : programId,
        since: 'since' in next ? undefined : since,
      },
      replace: true,
    });

  const items = list.data?.items ?? [];
  const submitted = items.filter((r) => r.application_status !== 'draft');
  const drafts = items.filter((r) => r.application_status === 'draft');
  // Unread messages from applicants: one count request per program shown (an organization runs a few).
  const unread = useQueries({
    queries: [...new Set(submitted.map((r) => r.program_id))].map((id) => programMessageCountsQuery(id)),
    combine: (results) =>
      new Map(results.flatMap((r) => r.data?.items ?? []).map((i) => [i.application_id, i.unread])),
  });
  const view = inboxViews.find((v) => v.value === status) ?? inboxViews[0];

  return (
    <OrgAdminPage org={org} title="Applications Inbox">
      {since && (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>Submitted since {formatDateTime(since)}</span>
          <Button variant="ghost" size="sm" onClick={() => setFilter({ since: undefined })}>
            Show all
          </Button>
        </p>
      )}
      <InboxFilters
        orgSlug={org.slug}
        status={status}
        programId={programId}
        counts={list.data?.counts}
        onChange={setFilter}
      />
      <div className="mt-4">
        <InboxDownloads orgSlug={org.slug} status={status} programId={programId} />
      </div>

      <div className="mt-4 space-y-6">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ErrorState
            message={loadError(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={<Inbox />} title={view.empty} />
        ) : (
          <>
            {submitted.length > 0 && (
              <section aria-label={drafts.length > 0 ? 'Submitted' : undefined}>
                {drafts.length > 0 && (
                  <h2 className="mb-2 text-base font-semibold text-slate-900">
                    Submitted ({submitted.length})
                  </h2>
                )}
                {programId && submitted[0]?.review_mode === 'independent' ? (
                  <Suspense fallback={<TableSkeleton />}>
                    <ScoringWorkbench items={submitted} programId={programId} />
                  </Suspense>
                ) : (
                  <ReviewTable
                    label="Reviews"
                    rows={submitted}
                    program="with-organization"
                    editor="Reviewer"
                    decision={false}
                    action="Open"
                    scores={submitted.some((r) => r.review_mode === 'independent')}
                    extraAction={(row) => (
                      <>
                        <UnreadBadge count={unread.get(row.application_id)} />
                        <PdfLink applicationId={row.application_id} applicantName={row.applicant_name} />
                      </>
                    )}
                  />
                )}
              </section>
            )}
            {drafts.length > 0 && (
              <section aria-label="Not submitted">
                {submitted.length > 0 && (
                  <h2 className="mb-2 text-base font-semibold text-slate-900">
                    Not submitted ({drafts.length})
                  </h2>
                )}
                <DraftsTable rows={drafts} />
              </section>
            )}
          </>
        )}
      </div>
    </OrgAdminPage>
  );
}
