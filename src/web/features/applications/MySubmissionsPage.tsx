import { useQuery } from '@tanstack/react-query';
import { applicationMessages as m } from '../../../shared/domain/applications';
import { deadlineText } from '../../../shared/domain/discovery';
import { BackLink } from '../../components/ui/BackLink';
import { Badge } from '../../components/ui/Badge';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { SkeletonText } from '../../components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { ChangeRequestBanner } from '../change-requests/ChangeRequestBanner';
import { myMessageCountsQuery, unreadById } from '../messages/api';
import { UnreadBadge } from '../messages/UnreadBadge';
import { ProgramChip } from '../programs/ProgramChip';
import { MyResults } from '../results/MyResults';
import { myDraftsQuery, mySubmissionsQuery } from './api';
import { StageLines } from './StageLines';

/**
 * My Submissions (spec 001 §2): applications in progress with their deadline and Continue (when there
 * are any), then the tabs Applications (non-draft, newest first, with the published result) and Results.
 */
export function MySubmissionsPage({ tab = 'applications' }: { tab?: 'applications' | 'results' }) {
  usePageTitle('My Submissions');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={<BackLink to="/dashboard">Back to dashboard</BackLink>} title="My Submissions" />
      <InProgress />
      <Tabs defaultValue={tab} className="mt-6">
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
  const unread = unreadById(useQuery(myMessageCountsQuery()).data);
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
              {a.result?.decision ? (
                <DecisionBadge decision={a.result.decision} />
              ) : a.result ? (
                <Badge tone="info">Result published</Badge>
              ) : (
                <Badge status={a.change_request ? 'changes_requested' : a.status} />
              )}
              <UnreadBadge count={unread.get(a.id)} />
            </div>
            <p className="text-sm text-slate-600">{a.organization_name}</p>
            <p className="text-sm text-slate-600">
              {a.submitted_at
                ? `Submitted ${formatDateTime(a.submitted_at)}`
                : `Updated ${formatDateTime(a.updated_at)}`}
            </p>
            {a.change_request && <ChangeRequestBanner request={a.change_request} compact />}
            <StageLines programName={a.program_name} stages={a.stages ?? []} />
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

/** Drafts of live programs, soonest deadline first; nothing at all when there are none. */
function InProgress() {
  const drafts = useQuery(myDraftsQuery);
  const items = drafts.data?.items ?? [];
  if (items.length === 0) return null;
  const now = new Date();
  return (
    <section aria-labelledby="in-progress" className="mt-6">
      <h2 id="in-progress" className="text-lg font-semibold text-slate-900">
        In progress
      </h2>
      <ul className="mt-3 space-y-3">
        {items.map((d) => (
          <li
            key={d.id}
            className="flex flex-col gap-3 rounded-xl border border-blue-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">{d.program_name}</h3>
                <ProgramChip program={d} now={now} />
              </div>
              <p className="text-sm text-slate-600">{d.organization_name}</p>
              <p className="text-sm text-slate-600">
                Deadline: {deadlineText(d.close_at, now)} · Last saved {formatDateTime(d.updated_at)}
              </p>
            </div>
            <LinkButton
              to="/applications/$appId"
              params={{ appId: d.id }}
              size="sm"
              aria-label={`Continue: ${d.program_name}`}
            >
              Continue
            </LinkButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
