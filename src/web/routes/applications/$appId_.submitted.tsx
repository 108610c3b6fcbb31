import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../../features/access/guards';
import { Pending } from '../../features/access/Pending';
import { SubmittedPage } from '../../features/applications/SubmittedPage';
import { DashboardShell } from '../../features/dashboard/DashboardShell';

/** /applications/{appId}/submitted: the confirmation shown after Submit Application. */
export const Route = createFileRoute('/applications/$appId_/submitted')({
  beforeLoad: async ({ context, location }) => ({
    me: await requireSignedIn(context.queryClient, location.href),
  }),
  pendingComponent: () => <Pending />,
  component: function SubmittedRoute() {
    const { me } = Route.useRouteContext();
    return (
      <DashboardShell showReviews={me.effective_roles.has_reviewer}>
        <SubmittedPage appId={Route.useParams().appId} />
      </DashboardShell>
    );
  },
});
