import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { BackLink } from '../../components/ui/BackLink';
import { cn, focusRing } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryStates } from '../../components/ui/QueryStates';
import { useTopic } from '../../lib/realtime';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { DossierButton } from '../exports/DossierButton';
import { DownloadButtons } from '../exports/DownloadButtons';
import { useForbiddenRedirect } from '../programs-admin/api';
import { dashboardQuery } from './api';
import {
  DashboardSkeleton,
  Drafts,
  dashboardError,
  Funnel,
  type NumberLink,
  Panel,
  ReviewerProgress,
  ScreeningPanel,
  StageFunnelPanel,
} from './parts';
import { SubmissionsChart } from './SubmissionsChart';

/** The admins' numbers open the inbox filtered to what they count. */
function inboxLink(data: Dashboard): NumberLink {
  return (status, label, children) => (
    <Link
      to="/org/$orgSlug/admin/reviews"
      params={{ orgSlug: data.program.organization_slug }}
      search={{ status, program: data.program.id }}
      aria-label={label}
      className={cn('rounded text-blue-700 underline-offset-2 hover:underline', focusRing)}
    >
      {children}
    </Link>
  );
}

/** /org/{slug}/admin/programs/{programId}/dashboard: how a program is going, at a glance. */
export function ProgramDashboardPage({
  orgSlug,
  orgName,
  programId,
}: {
  orgSlug: string;
  orgName: string;
  programId: string;
}) {
  const q = useQuery(dashboardQuery(programId));
  useForbiddenRedirect(q.error);
  useTopic('reviews', () => void q.refetch());
  usePageTitle(q.data ? `${q.data.program.name} dashboard` : 'Program dashboard');
  const data = q.data;
  const enc = encodeURIComponent;

  return (
    <DashboardShell showReviews>
      <PageHeader
        back={
          <BackLink to="/org/$orgSlug/admin/programs" params={{ orgSlug }}>
            Back to {orgName} programs
          </BackLink>
        }
        eyebrow={`${orgName} · Dashboard`}
        title={data?.program.name ?? 'Program dashboard'}
      />
      <QueryStates query={q} loading={<DashboardSkeleton />} error={dashboardError} errorClassName="mt-6">
        {(data) => (
          <div className="mt-6 space-y-6">
            <div className="flex flex-wrap items-start gap-4">
              <LinkButton
                to="/org/$orgSlug/admin/reviews"
                params={{ orgSlug }}
                search={{ status: 'all', program: programId }}
                variant="secondary"
                size="sm"
              >
                Open in the inbox
              </LinkButton>
              <DownloadButtons
                what="Applications"
                url={(format) =>
                  `/api/programs/${enc(programId)}/exports/applications?format=${format}&status=started`
                }
              />
              <DownloadButtons
                what="Results"
                url={(format) => `/api/programs/${enc(programId)}/exports/results?format=${format}`}
                disabled={data.funnel.published === 0}
              />
              <DossierButton programId={programId} disabled={data.funnel.submitted === 0} />
            </div>
            <Panel title="Funnel">
              <Funnel funnel={data.funnel} link={inboxLink(data)} />
            </Panel>
            {data.stages && (
              <StageFunnelPanel
                stages={data.stages}
                programId={programId}
                stageLink={(s, children) => (
                  <Link
                    to="/org/$orgSlug/admin/programs/$programId/dashboard"
                    params={{ orgSlug, programId: s.program_id }}
                    className={cn('text-blue-700 underline-offset-2 hover:underline', focusRing)}
                  >
                    {children}
                  </Link>
                )}
              />
            )}
            {data.screening && <ScreeningPanel screening={data.screening} />}
            <Panel title="Submissions per day">
              <SubmissionsChart data={data} />
            </Panel>
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel title="Reviewer progress">
                <ReviewerProgress
                  rows={data.reviewers.map((r) => ({
                    key: r.user_id,
                    name: r.name ?? r.email ?? '—',
                    email: r.name ? r.email : null,
                    touched: r.touched,
                    finalized: r.finalized,
                    assigned: r.assigned,
                  }))}
                />
              </Panel>
              <Panel title="Drafts as the deadline approaches">
                <Drafts data={data} link={inboxLink(data)} />
              </Panel>
            </div>
          </div>
        )}
      </QueryStates>
    </DashboardShell>
  );
}
