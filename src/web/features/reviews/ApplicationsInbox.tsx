import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import type { PublicOrg } from '../../../shared/schemas/public';
import { BackLink } from '../../components/ui/BackLink';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { useTopic } from '../../lib/realtime';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { useForbiddenRedirect } from '../programs-admin/api';
import { type InboxFilter, orgReviewsQuery } from './api';
import { TableSkeleton } from './parts';
import { loadError } from './ReviewQueuePage';
import { ReviewTable } from './ReviewTable';

/** The review states a submitted application can be in (docs/decisions/019). */
const filters: { value: InboxFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'not_started', label: 'New' },
  { value: 'draft', label: 'In review' },
  { value: 'submitted', label: 'Finalized' },
];

const emptyTexts: Record<InboxFilter, string> = {
  all: 'No reviews yet.',
  not_started: 'No new applications: every one has a review.',
  draft: 'No reviews in progress.',
  submitted: 'No finalized reviews yet.',
};

/** /org/{slug}/admin/reviews: every submitted application of the organization's programs, by review state. */
export function ApplicationsInbox({ org }: { org: PublicOrg }) {
  usePageTitle(`Applications Inbox · ${org.name}`);
  const [filter, setFilter] = useState<InboxFilter>('all');
  const list = useQuery(orgReviewsQuery(org.slug, filter));
  useForbiddenRedirect(list.error);
  useTopic('reviews', () => void list.refetch());

  return (
    <DashboardShell showReviews>
      <PageHeader
        back={
          <BackLink to="/org/$orgSlug/admin" params={{ orgSlug: org.slug }}>
            Back to {org.name} admin
          </BackLink>
        }
        eyebrow={org.name}
        title="Applications Inbox"
      />

      <fieldset className="mt-6 flex flex-wrap items-center gap-2">
        <legend className="mr-2 text-sm font-medium text-slate-700 max-sm:mb-2 max-sm:w-full sm:float-left sm:py-1.5">
          Review status
        </legend>
        {filters.map((f) => {
          const count = list.data?.counts[f.value];
          return (
            <Button
              key={f.value}
              size="sm"
              variant={filter === f.value ? 'primary' : 'secondary'}
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label}
              {count !== undefined && <span className="tabular-nums"> ({count})</span>}
            </Button>
          );
        })}
      </fieldset>

      <div className="mt-4">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ErrorState
            message={loadError(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={<Inbox />} title={emptyTexts[filter]} />
        ) : (
          <ReviewTable
            label="Reviews"
            rows={list.data.items}
            program="with-organization"
            editor="Reviewer"
            decision={false}
            action="Open"
          />
        )}
      </div>
    </DashboardShell>
  );
}
