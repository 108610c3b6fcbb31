import { createFileRoute } from '@tanstack/react-router';
import { DashboardShell } from '../../features/dashboard/DashboardShell';
import { ProfilePage } from '../../features/profile/ProfilePage';

/** The applicant's reusable profile: four steps, resume and portfolio uploads. */
export const Route = createFileRoute('/_authed/profile')({
  component: function ProfileRoute() {
    const { me } = Route.useRouteContext();
    return (
      <DashboardShell showReviews={me.effective_roles.has_reviewer}>
        <ProfilePage />
      </DashboardShell>
    );
  },
});
