import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DashboardShell } from '../features/dashboard/DashboardShell';
import { featuredQuery } from '../features/discovery/api';
import { DiscoveryPage } from '../features/discovery/DiscoveryPage';
import { meQuery } from '../lib/session';

/**
 * Public discovery (spec 000: visitors browse featured items, organizations and published programs).
 * The same page signed-in applicants see on /dashboard, in its own lazy chunk; a visitor's
 * 'Learn More' asks them to sign in and then opens the application.
 */
export const Route = createFileRoute('/browse')({
  // The featured items (the tab shown first) load while the page's code loads.
  loader: ({ context }) => void context.queryClient.prefetchQuery(featuredQuery),
  component: function BrowseRoute() {
    const me = useQuery(meQuery);
    if (me.data)
      return (
        <DashboardShell showReviews={me.data.effective_roles.has_reviewer}>
          <DiscoveryPage />
        </DashboardShell>
      );
    return (
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <DiscoveryPage />
      </main>
    );
  },
});
