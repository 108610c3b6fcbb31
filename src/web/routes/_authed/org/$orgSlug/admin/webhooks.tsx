import { createFileRoute } from '@tanstack/react-router';
import { WebhooksPage } from '../../../../../features/webhooks/WebhooksPage';

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/webhooks')({
  component: function OrgWebhooksRoute() {
    const { org } = Route.useRouteContext();
    return <WebhooksPage org={org} />;
  },
});
