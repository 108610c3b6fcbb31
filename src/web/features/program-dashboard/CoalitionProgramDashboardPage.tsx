import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../../components/ui/BackLink';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryStates } from '../../components/ui/QueryStates';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { DossierButton } from '../exports/DossierButton';
import { DownloadButtons } from '../exports/DownloadButtons';
import { useForbiddenRedirect } from '../programs-admin/api';
import { coalitionDashboardQuery } from './api';
import {
  DashboardSkeleton,
  Drafts,
  dashboardError,
  Funnel,
  Panel,
  ReviewerProgress,
  ScreeningPanel,
  StageFunnelPanel,
} from './parts';
import { SubmissionsChart } from './SubmissionsChart';

/**
 * /coalition/{slug}/cm/programs/{programId}/dashboard: a coalition program's dashboard, read-only
 * (issue 33 item 18). The admins' numbers with no actions: numbers open nothing (the inbox is the
 * admins'), reviewers are numbered, and the only buttons are the downloads a manager may make.
 */
export function CoalitionProgramDashboardPage({
  coalitionSlug,
  coalitionName,
  programId,
}: {
  coalitionSlug: string;
  coalitionName: string;
  programId: string;
}) {
  const q = useQuery(coalitionDashboardQuery(coalitionSlug, programId));
  useForbiddenRedirect(q.error);
  usePageTitle(q.data ? `${q.data.program.name} dashboard` : 'Program dashboard');
  const data = q.data;
  const id = encodeURIComponent(programId);

  return (
    <DashboardShell showReviews={false}>
      <PageHeader
        back={
          <BackLink to="/coalition/$slug/cm" params={{ slug: coalitionSlug }}>
            Back to {coalitionName}
          </BackLink>
        }
        eyebrow={`${data ? `${data.program.organization_name} · ` : ''}Dashboard · read-only`}
        title={data?.program.name ?? 'Program dashboard'}
        description="The program's progress as its organization sees it. Reviewers are numbered, not named."
      />
      <QueryStates query={q} loading={<DashboardSkeleton />} error={dashboardError} errorClassName="mt-6">
        {(data) => (
          <div className="mt-6 space-y-6">
            <div className="flex flex-wrap items-start gap-4">
              <DownloadButtons
                what="Applications"
                url={(format) => `/api/programs/${id}/exports/applications?format=${format}&status=started`}
              />
              <DownloadButtons
                what="Reviews"
                url={(format) => `/api/programs/${id}/exports/reviews?format=${format}`}
              />
              <DownloadButtons
                what="Results"
                url={(format) => `/api/programs/${id}/exports/results?format=${format}`}
                disabled={data.funnel.published === 0}
              />
              <DossierButton programId={programId} disabled={data.funnel.submitted === 0} />
            </div>
            <Panel title="Funnel">
              <Funnel funnel={data.funnel} />
            </Panel>
            {data.stages && <StageFunnelPanel stages={data.stages} programId={programId} />}
            {data.screening && <ScreeningPanel screening={data.screening} />}
            <Panel title="Submissions per day">
              <SubmissionsChart data={data} />
            </Panel>
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel title="Reviewer progress">
                <ReviewerProgress rows={data.reviewers.map((r) => ({ key: r.label, name: r.label, ...r }))} />
              </Panel>
              <Panel title="Drafts as the deadline approaches">
                <Drafts data={data} />
              </Panel>
            </div>
          </div>
        )}
      </QueryStates>
    </DashboardShell>
  );
}
