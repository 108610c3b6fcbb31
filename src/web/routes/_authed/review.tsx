import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireReviewer } from '../../features/access/guards';
import { Pending } from '../../features/access/Pending';

/** Reviewer rights for every /review page. */
export const Route = createFileRoute('/_authed/review')({
  beforeLoad: async ({ context, location }) => {
    await requireReviewer(context.queryClient, location.href);
  },
  pendingComponent: () => <Pending text="Checking access…" />,
  component: Outlet,
});
