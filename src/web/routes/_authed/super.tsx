import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSuperAdmin } from '../../features/access/guards';
import { Pending } from '../../features/access/Pending';

/** Super-admin guard: the profile role must be superadmin and not soft-deleted, else back to /. */
export const Route = createFileRoute('/_authed/super')({
  beforeLoad: async ({ context, location }) => {
    await requireSuperAdmin(context.queryClient, location.href);
  },
  pendingComponent: () => <Pending />,
  component: Outlet,
});
