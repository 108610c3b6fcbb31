import { createFileRoute } from '@tanstack/react-router';
import { ApiTokensPage } from '../../../../../features/api-tokens/ApiTokensPage';

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/api-tokens')({
  component: function ApiTokensRoute() {
    const { org } = Route.useRouteContext();
    return <ApiTokensPage org={org} />;
  },
});
