import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { isSuper } from '../../features/access/guards';
import { capabilitiesQuery } from '../../features/access/queries';
import { CapabilitiesPage } from '../../features/dashboard/CapabilitiesPage';
import { DashboardShell } from '../../features/dashboard/DashboardShell';
import { DiscoveryPage } from '../../features/discovery/DiscoveryPage';

/** The switch: super admins go to /super, assigned users see their capabilities, everyone else discovers. */
export const Route = createFileRoute('/_authed/dashboard')({
  beforeLoad: ({ context }) => {
    if (isSuper(context.me)) throw redirect({ to: '/super' });
  },
  component: Dashboard,
});

function Dashboard() {
  const caps = useQuery(capabilitiesQuery);
  if (caps.isPending) {
    return (
      <DashboardShell showReviews={false}>
        <p role="status" className="text-slate-600">
          Loading your capabilities...
        </p>
      </DashboardShell>
    );
  }
  if (caps.isError) {
    return (
      <DashboardShell showReviews={false}>
        <ErrorState
          message="Unable to load your capabilities."
          onRetry={() => void caps.refetch()}
          retrying={caps.isFetching}
        />
      </DashboardShell>
    );
  }
  const c = caps.data;
  const assigned = c.admin_orgs.length + c.reviewer_programs.length + c.coalitions.length > 0;
  return (
    <DashboardShell showReviews={c.reviewer_programs.length > 0}>
      {assigned ? <CapabilitiesPage /> : <DiscoveryPage />}
    </DashboardShell>
  );
}
