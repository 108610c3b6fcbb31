import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireReviewer } from '../../features/access/guards';
import { Pending } from '../../features/access/Pending';

/** Reviewer rights for every /review page; All Reviews lets coalition managers in too (issue 33 item 18). */
export const Route = createFileRoute('/_authed/review')({
  beforeLoad: async ({ context, location }) => {
    await requireReviewer(context.queryClient, location.href, {
      coalitionManagers: /^\/review\/all\/?$/.test(location.pathname),
    });
  },
  pendingComponent: () => <Pending text="Checking access…" />,
  component: Outlet,
});
