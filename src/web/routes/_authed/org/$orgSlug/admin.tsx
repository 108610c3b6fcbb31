import { createFileRoute, Outlet } from '@tanstack/react-router';
import { EntityNotFoundFromData } from '../../../../features/access/EntityNotFound';
import { requireOrgAdmin } from '../../../../features/access/guards';
import { Pending } from '../../../../features/access/Pending';

/** Org-admin guard: the org slug must be among the user's administered orgs. */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin')({
  beforeLoad: async ({ context, location, params }) => ({
    org: (await requireOrgAdmin(context.queryClient, location.href, params.orgSlug)).org,
  }),
  pendingComponent: () => <Pending text="Checking access…" />,
  notFoundComponent: EntityNotFoundFromData,
  component: Outlet,
});
