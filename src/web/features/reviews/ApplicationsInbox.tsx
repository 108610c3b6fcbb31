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

const filters: { value: InboxFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'Submitted' },
];

/** /org/{slug}/admin/reviews: the reviews of the organization's programs. */
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
        <legend className="sr-only">Filter</legend>
        {filters.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={filter === f.value ? 'primary' : 'secondary'}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </Button>
        ))}
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
          <EmptyState icon={<Inbox />} title="No reviews yet." />
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
