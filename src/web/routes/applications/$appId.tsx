import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { applicationMessages as m } from '../../../shared/domain/applications';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton, SkeletonText } from '../../components/ui/Skeleton';
import { Pending } from '../../features/access/Pending';
import { ApplicationPage } from '../../features/applications/ApplicationPage';
import { applicationQuery } from '../../features/applications/api';
import { loadFormParts } from '../../features/applications/file-parts';
import { DashboardShell } from '../../features/dashboard/DashboardShell';
import { profileQuery } from '../../features/profile/api';
import { ScreeningFirst } from '../../features/screening/ScreeningFirst';
import { ApiError } from '../../lib/api';
import { knownSignedOut } from '../../lib/boot';
import { meQuery } from '../../lib/session';

/** Runs `fn` once the browser has painted the frame just committed (at once in a hidden tab). */
function afterNextPaint(fn: () => void) {
  if (document.visibilityState === 'hidden') setTimeout(fn, 0);
  else requestAnimationFrame(() => setTimeout(fn, 0));
}

/** The page's own code (the route's component chunk imports it too: one load, whichever asks first). */
const loadApplicationPage = () => import('../../features/applications/ApplicationPage');
/** A submitted application's messages (the page loads them lazily; decision 059). */
const loadMessageThread = () => import('../../features/messages/MessageThread');

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
  // The live profile and the parts of the form's rarer question types (file, table, letters) and a
  // submitted application's messages load as soon as the application has answered, while the page's
  // code loads, not one after another once it has rendered: the page renders once, with all of them.
  loader: ({ context, params, preload }) => {
    if (preload || !context.me) return;
    const { queryClient } = context;
    queryClient.ensureQueryData(applicationQuery(params.appId)).then(
      (app) => {
        if (app.role === 'owner' && app.profile?.source === 'live')
          void queryClient.prefetchQuery(profileQuery);
        loadFormParts(app.program.form.questions);
        if (app.role === 'owner' && app.status !== 'draft') void loadMessageThread();
      },
      // The page asks again and shows what went wrong.
      () => {},
    );
  },
  // 'Loading…' at once (inside the page's frame) rather than a blank page while the session, the
  // page's code and the application load.
  pendingComponent: StartingPending,
  pendingMs: 0,
  pendingMinMs: 0,
  component: ApplicationRoute,
});

/**
 * 'Loading…' while /api/me answers, and the moment it has painted, the page's code and the application
 * start (decision 062): one round trip sooner than once /api/me has answered, and after the first paint,
 * so they do not share the link with what that paint waits for. Only for a page served with a session
 * cookie (almost always a signed-in owner's or reviewer's); a visitor's page asks for neither. The
 * loader asks for the same (one request each, whichever comes first) when this never showed.
 */
function StartingPending() {
  const { appId } = Route.useParams();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (knownSignedOut()) return;
    let cancelled = false;
    afterNextPaint(() => {
      if (cancelled) return;
      void loadApplicationPage();
      void queryClient.prefetchQuery(applicationQuery(appId));
    });
    return () => {
      cancelled = true;
    };
  }, [appId, queryClient]);
  return <Pending />;
}

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
  // With the application already loaded when the route mounts (decision 062), the page (or the error)
  // renders in a background render that React splits into short slices, the skeleton shown until it is
  // ready, not in one long task; later answers of the query render at once, as before.
  const ready = useDeferredValue(!query.isPending, false);
  const [generation, setGeneration] = useState(0);
  const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  useEffect(() => {
    // 'Not authorized or application not found' (or an id that is not one) → /unauthorized.
    if (gone) void navigate({ to: '/unauthorized', replace: true });
  }, [gone, navigate]);

  if (query.isPending || gone || !ready) {
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
  // A draft waiting for a pass of the program's current screening: that step first (decision 061).
  if (query.data.screening_required && query.data.program.window === 'open')
    return (
      <ScreeningFirst
        programId={query.data.program.id}
        programName={query.data.program.name}
        applicationId={query.data.id}
      />
    );
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
