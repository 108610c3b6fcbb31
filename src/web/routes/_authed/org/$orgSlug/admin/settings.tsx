import { createFileRoute } from '@tanstack/react-router';
import { OrgSettingsPage } from '../../../../../features/org-settings/OrgSettingsPage';

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/settings')({
  component: function OrgSettingsRoute() {
    const { org } = Route.useRouteContext();
    return <OrgSettingsPage org={org} />;
  },
});
