import { createFileRoute } from '@tanstack/react-router';
import { isUuid } from '../../../../../../../features/builder/api';
import { CoalitionProgramDashboardPage } from '../../../../../../../features/program-dashboard/CoalitionProgramDashboardPage';

/** A coalition program's dashboard, read-only (coalition guard in cm.tsx; issue 33 item 18). */
export const Route = createFileRoute('/_authed/coalition/$slug/cm/programs/$programId/dashboard')({
  component: function CoalitionProgramDashboardRoute() {
    const { coalition } = Route.useRouteContext();
    const { programId } = Route.useParams();
    if (!isUuid(programId)) return null;
    return (
      <CoalitionProgramDashboardPage
        key={programId}
        coalitionSlug={coalition.slug}
        coalitionName={coalition.name}
        programId={programId}
      />
    );
  },
});
