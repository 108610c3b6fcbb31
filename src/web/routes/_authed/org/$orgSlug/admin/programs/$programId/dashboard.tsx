import { createFileRoute } from '@tanstack/react-router';
import { isUuid } from '../../../../../../../features/builder/api';
import { ProgramDashboardPage } from '../../../../../../../features/program-dashboard/ProgramDashboardPage';

/** A program's dashboard (org-admin guard in admin.tsx; uPlot loads with this page only). */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin/programs/$programId/dashboard')({
  component: function ProgramDashboardRoute() {
    const { org } = Route.useRouteContext();
    const { programId } = Route.useParams();
    if (!isUuid(programId)) return null;
    return (
      <ProgramDashboardPage key={programId} orgSlug={org.slug} orgName={org.name} programId={programId} />
    );
  },
});
