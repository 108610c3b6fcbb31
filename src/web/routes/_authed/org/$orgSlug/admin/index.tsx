import { createFileRoute } from '@tanstack/react-router';
import { OrgAdminHub } from '../../../../../features/org-admin/OrgAdminHub';

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/')({
  component: function OrgAdminHubRoute() {
    const { org } = Route.useRouteContext();
    return <OrgAdminHub org={org} />;
  },
});
