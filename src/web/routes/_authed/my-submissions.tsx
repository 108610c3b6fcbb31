import { createFileRoute } from '@tanstack/react-router';
import { MySubmissionsPage } from '../../features/applications/MySubmissionsPage';
import { DashboardShell } from '../../features/dashboard/DashboardShell';

export const Route = createFileRoute('/_authed/my-submissions')({
  component: function MySubmissionsRoute() {
    const { me } = Route.useRouteContext();
    return (
      <DashboardShell showReviews={me.effective_roles.has_reviewer}>
        <MySubmissionsPage />
      </DashboardShell>
    );
  },
});
