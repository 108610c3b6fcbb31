import { createFileRoute } from '@tanstack/react-router';
import { EntityNotFoundFromData } from '../../../../features/access/EntityNotFound';
import { requireCoalitionManager } from '../../../../features/access/guards';
import { Pending } from '../../../../features/access/Pending';
import { CoalitionLanding } from '../../../../features/dashboard/CoalitionLanding';

/** Coalition guard: the slug must be among the user's coalitions. */
export const Route = createFileRoute('/_authed/coalition/$slug/cm')({
  beforeLoad: async ({ context, location, params }) => ({
    coalition: (await requireCoalitionManager(context.queryClient, location.href, params.slug)).coalition,
  }),
  pendingComponent: () => <Pending text="Checking access…" />,
  notFoundComponent: EntityNotFoundFromData,
  component: function CoalitionManagerRoute() {
    const { coalition } = Route.useRouteContext();
    return <CoalitionLanding coalition={coalition} />;
  },
});
