import { createFileRoute, isNotFound, Outlet, redirect } from '@tanstack/react-router';
import { EntityNotFoundFromData } from '../../../../features/access/EntityNotFound';
import { requireCoalitionManager } from '../../../../features/access/guards';
import { Pending } from '../../../../features/access/Pending';

/**
 * Coalition guard: the slug must be among the user's coalitions. The landing page is cm/index.tsx;
 * below it, an unknown coalition sends the user to /unauthorized (the spec's editor rule) instead of
 * the not-found screen.
 */
export const Route = createFileRoute('/_authed/coalition/$slug/cm')({
  beforeLoad: async ({ context, location, params }) => {
    try {
      return {
        coalition: (await requireCoalitionManager(context.queryClient, location.href, params.slug)).coalition,
      };
    } catch (err) {
      const nested = !/\/cm\/?$/.test(location.pathname);
      if (nested && isNotFound(err)) throw redirect({ to: '/unauthorized' });
      throw err;
    }
  },
  pendingComponent: () => <Pending text="Checking access…" />,
  notFoundComponent: EntityNotFoundFromData,
  component: Outlet,
});
