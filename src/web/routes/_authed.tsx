import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { requireSignedIn } from '../features/access/guards';
import { Pending } from '../features/access/Pending';
import { meQuery } from '../lib/session';

/** Signed-in guard for every page below it; also signs out a user who has been soft-deleted. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => ({
    me: await requireSignedIn(context.queryClient, location.href),
  }),
  pendingComponent: () => <Pending />,
  component: SignedInLayout,
});

function SignedInLayout() {
  const navigate = useNavigate();
  // The server treats a soft-deleted user as signed out: checked on load and every 30 s.
  const me = useQuery({ ...meQuery, refetchInterval: 30_000 });
  useEffect(() => {
    if (me.isSuccess && me.data === null) {
      fetch('/api/auth/sign-out', { method: 'POST', credentials: 'same-origin' }).catch(() => {});
      void navigate({ to: '/' });
    }
  }, [me.isSuccess, me.data, navigate]);
  return <Outlet />;
}
