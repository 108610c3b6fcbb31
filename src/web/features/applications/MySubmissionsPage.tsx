import { useQuery } from '@tanstack/react-query';
import { applicationMessages as m } from '../../../shared/domain/applications';
import { BackLink } from '../../components/ui/BackLink';
import { Badge } from '../../components/ui/Badge';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { SkeletonText } from '../../components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { MyResults } from '../results/MyResults';
import { mySubmissionsQuery } from './api';

/** My Submissions (spec 001 §2): Applications (non-draft, newest first) and Results. */
export function MySubmissionsPage() {
  usePageTitle('My Submissions');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={<BackLink to="/dashboard">Back to dashboard</BackLink>} title="My Submissions" />
      <Tabs defaultValue="applications" className="mt-6">
        <TabsList aria-label="My Submissions">
          <TabsTrigger value="applications">Applications</TabsTrigger>
          <TabsTrigger value="results">Results</TabsTrigger>
        </TabsList>
        <TabsContent value="applications">
          <Applications />
        </TabsContent>
        <TabsContent value="results">
          <MyResults />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Applications() {
  const list = useQuery(mySubmissionsQuery);
  if (list.isPending) return <SkeletonText lines={4} label="Loading applications…" />;
  if (list.isError)
    return (
      <ErrorState
        message="Failed to load applications"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  if (list.data.items.length === 0) return <EmptyState title={m.noApplications} />;
  return (
    <ul className="space-y-3">
      {list.data.items.map((a) => (
        <li
          key={a.id}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-semibold text-slate-900">{a.program_name}</h2>
              <Badge status={a.status} />
            </div>
            <p className="text-sm text-slate-600">{a.organization_name}</p>
            <p className="text-sm text-slate-600">
              {a.submitted_at
                ? `Submitted ${formatDateTime(a.submitted_at)}`
                : `Updated ${formatDateTime(a.updated_at)}`}
            </p>
          </div>
          <LinkButton
            to="/applications/$appId"
            params={{ appId: a.id }}
            variant="secondary"
            size="sm"
            aria-label={`View Application: ${a.program_name}`}
          >
            View Application
          </LinkButton>
        </li>
      ))}
    </ul>
  );
}
