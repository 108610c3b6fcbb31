import { createFileRoute } from '@tanstack/react-router';
import type { InboxStatus } from '../../../../../../shared/schemas/reviews';
import { isInboxView } from '../../../../../features/inbox/views';
import { ApplicationsInbox } from '../../../../../features/reviews/ApplicationsInbox';
import { isUuid } from '../../../../../features/reviews/api';

type InboxSearch = { status?: InboxStatus; program?: string; since?: string };

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/reviews')({
  // Typed here, checked in the page's own (lazy) chunk: the route tree every page loads stays small.
  validateSearch: (search: Record<string, unknown>) => search as InboxSearch,
  component: function ApplicationsInboxRoute() {
    const { org } = Route.useRouteContext();
    const { status, program, since } = Route.useSearch();
    return (
      <ApplicationsInbox
        org={org}
        status={isInboxView(status) ? status : 'all'}
        programId={isUuid(program) ? program : undefined}
        since={typeof since === 'string' && !Number.isNaN(Date.parse(since)) ? since : undefined}
      />
    );
  },
});
