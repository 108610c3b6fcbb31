import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useEffect, useState } from 'react';
import { reviewTotalText } from '../../../shared/domain/reviews';
import type { ReviewStatusFilter } from '../../../shared/schemas/reviews';
import { BackLink } from '../../components/ui/BackLink';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input, Select } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { useTopic } from '../../lib/realtime';
import { meQuery } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { capabilitiesQuery } from '../access/queries';
import { DashboardShell } from '../dashboard/DashboardShell';
import { DownloadButtons } from '../exports/DownloadButtons';
import { allReviewsQuery } from './api';
import { LoadingText } from './parts';
import { loadError } from './ReviewQueuePage';
import { ReviewTable } from './ReviewTable';

const statusOptions: { value: ReviewStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'not_started', label: 'not started' },
  { value: 'draft', label: 'commented' },
  { value: 'submitted', label: 'finalized' },
];

/** The search box waits this long after the last keystroke before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** /review/all: every review of the programs the user may review, filtered on the server. */
export function AllReviewsPage() {
  usePageTitle('All Reviews');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  const [status, setStatus] = useState<ReviewStatusFilter>('all');
  const [programId, setProgramId] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const me = useQuery(meQuery);
  const caps = useQuery(capabilitiesQuery);
  const assigned = caps.data?.reviewer_programs ?? [];
  const roles = me.data?.effective_roles;
  // A coalition manager who reviews nothing downloads here (issue 33 item 18): the list is for
  // reviewers (the server answers 403 to anyone else), the export for managers too.
  const mayReview =
    me.data?.role === 'superadmin' || roles?.has_reviewer === true || roles?.has_admin === true;
  const managerOnly = me.data !== undefined && !mayReview;
  const list = useInfiniteQuery({
    ...allReviewsQuery({ search, mine, status, programId }),
    enabled: me.data !== undefined && mayReview,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const first = list.data?.pages[0];
  // Any change to a review or a program: reload through the list's own endpoint.
  useTopic('reviews', () => void list.refetch());

  const filtering = !!search.trim() || mine || status !== 'all' || !!programId;
  const limited = assigned.length > 0 && me.data?.role !== 'superadmin';

  return (
    <DashboardShell showReviews>
      <PageHeader
        back={
          managerOnly ? (
            <BackLink to="/dashboard">Back to Dashboard</BackLink>
          ) : (
            <BackLink to="/review">Your Review Assignments</BackLink>
          )
        }
        title="All Reviews"
      />

      <section
        aria-label="Filter reviews"
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      >
        <Input
          label="Search"
          type="search"
          placeholder="Program, applicant or reviewer"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <Select
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as ReviewStatusFilter)}
          options={statusOptions}
        />
        {assigned.length > 0 && (
          <Select
            label="Program"
            value={programId}
            onChange={(e) => setProgramId(e.target.value)}
            options={[
              { value: '', label: 'All Programs' },
              ...assigned.map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
        )}
        {!managerOnly && (
          <Checkbox label="My reviews only" checked={mine} onCheckedChange={setMine} className="lg:pb-2" />
        )}
      </section>

      {(me.data?.role === 'superadmin' ||
        (caps.data?.admin_orgs.length ?? 0) > 0 ||
        (caps.data?.coalitions.length ?? 0) > 0) && (
        <div className="mt-4">
          <DownloadButtons
            what="Reviews"
            url={(format) => {
              const params = new URLSearchParams({ format, status });
              if (search.trim()) params.set('search', search.trim());
              if (mine) params.set('mine', 'true');
              if (programId) params.set('program_id', programId);
              return `/api/reviews/export?${params}`;
            }}
            hint={
              managerOnly
                ? 'The reviews matching these filters, of your coalition’s programs.'
                : 'The reviews matching these filters, of the programs you administer.'
            }
          />
        </div>
      )}

      <div className="mt-6">
        {managerOnly ? (
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
            As a coalition manager you download the reviews of your coalition’s programs here. Each program’s
            reviewers read and write its reviews.
          </p>
        ) : me.isPending || list.isPending ? (
          <LoadingText />
        ) : list.isError ? (
          <ErrorState
            message={loadError(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<ClipboardList />}
            title={filtering ? 'No reviews match your filters.' : 'No reviews yet.'}
          />
        ) : (
          <ReviewTable
            label="Reviews"
            rows={rows}
            program="name"
            editor="Last Edited By"
            decision
            action="Open"
          />
        )}
        {first && (
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <p role="status">
              Showing {rows.length.toLocaleString('en-US')} of{' '}
              {reviewTotalText(first.total, first.total_capped)} reviews
            </p>
            {limited && <p>Filtered to your assigned programs only</p>}
            {list.hasNextPage && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </Button>
            )}
          </div>
        )}
      </div>
    </DashboardShell>
  );
}
