import { createFileRoute } from '@tanstack/react-router';
import { ApplicationsInbox } from '../../../../../features/reviews/ApplicationsInbox';

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/reviews')({
  component: function ApplicationsInboxRoute() {
    const { org } = Route.useRouteContext();
    return <ApplicationsInbox org={org} />;
  },
});
