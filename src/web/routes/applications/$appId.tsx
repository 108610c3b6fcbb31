import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { applicationMessages as m } from '../../../shared/domain/applications';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton, SkeletonText } from '../../components/ui/Skeleton';
import { Pending } from '../../features/access/Pending';
import { ApplicationPage } from '../../features/applications/ApplicationPage';
import { applicationQuery } from '../../features/applications/api';
import { loadFileAnswerParts } from '../../features/applications/file-parts';
import { DashboardShell } from '../../features/dashboard/DashboardShell';
import { profileQuery } from '../../features/profile/api';
import { ApiError } from '../../lib/api';
import { meQuery } from '../../lib/session';

// Only signed-out visitors see the preview (and the builder's form preview it is made of).
const PublicPreview = lazy(() =>
  import('../../features/applications/PublicPreview').then((m) => ({ default: m.PublicPreview })),
);

/**
 * /applications/{appId}: the signed-in applicant's application; signed-out visitors get the
 * read-only preview with the sign-up/log-in dialog (so this route is not under _authed).
 */
export const Route = createFileRoute('/applications/$appId')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.fetchQuery(meQuery);
    if (me && !me.onboarded) throw redirect({ to: '/onboarding', search: { next: location.href } });
    return { me };
  },
  // The application, then the live profile and a file question's parts, load while the page's code
  // loads, not one after another once it has rendered: the page renders once, with all of them.
  // Not on a hover's preload (the application stays cached while its page is open only).
  loader: ({ context, params, preload }) => {
    if (preload || !context.me) return;
    const { queryClient } = context;
    queryClient.ensureQueryData(applicationQuery(params.appId)).then(
      (app) => {
        if (app.role === 'owner' && app.profile?.source === 'live')
          void queryClient.prefetchQuery(profileQuery);
        if (app.program.form.questions.some((q) => q.type === 'file')) void loadFileAnswerParts();
      },
      // The page asks again and shows what went wrong.
      () => {},
    );
  },
  // 'Loading…' at once (inside the page's frame) rather than a blank page while the session, the
  // page's code and the application load.
  pendingComponent: () => <Pending />,
  pendingMs: 0,
  pendingMinMs: 0,
  component: ApplicationRoute,
});

function ApplicationRoute() {
  const { me } = Route.useRouteContext();
  const { appId } = Route.useParams();
  if (!me)
    return (
      <Suspense fallback={<Pending />}>
        <PublicPreview applicationId={appId} />
      </Suspense>
    );
  return (
    <DashboardShell showReviews={me.effective_roles.has_reviewer}>
      <SignedIn appId={appId} />
    </DashboardShell>
  );
}

function SignedIn({ appId }: { appId: string }) {
  const navigate = useNavigate();
  const query = useQuery(applicationQuery(appId));
  const [generation, setGeneration] = useState(0);
  const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  useEffect(() => {
    // 'Not authorized or application not found' (or an id that is not one) → /unauthorized.
    if (gone) void navigate({ to: '/unauthorized', replace: true });
  }, [gone, navigate]);

  if (query.isPending || gone) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <SkeletonText lines={6} label="Loading application…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        className="mx-auto max-w-3xl"
        message={m.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <ApplicationPage
      key={`${query.data.id}:${generation}`}
      app={query.data}
      onReload={() => {
        void query.refetch().then(() => setGeneration((g) => g + 1));
      }}
    />
  );
}
