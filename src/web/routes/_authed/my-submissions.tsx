import { createFileRoute } from '@tanstack/react-router';
import { MySubmissionsPage } from '../../features/applications/MySubmissionsPage';
import { DashboardShell } from '../../features/dashboard/DashboardShell';

/** `?tab=results` (the link in a results email) opens the Results tab. */
const validateSearch = (search: Record<string, unknown>): { tab?: 'results' } =>
  search.tab === 'results' ? { tab: 'results' } : {};

export const Route = createFileRoute('/_authed/my-submissions')({
  validateSearch,
  component: function MySubmissionsRoute() {
    const { me } = Route.useRouteContext();
    const { tab } = Route.useSearch();
    return (
      <DashboardShell showReviews={me.effective_roles.has_reviewer}>
        <MySubmissionsPage tab={tab} />
      </DashboardShell>
    );
  },
});
