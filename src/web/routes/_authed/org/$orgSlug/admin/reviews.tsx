import { createFileRoute } from '@tanstack/react-router';
import type { InboxStatus } from '../../../../../../shared/schemas/reviews';
import { isInboxView } from '../../../../../features/inbox/views';
import { ApplicationsInbox } from '../../../../../features/reviews/ApplicationsInbox';
import { isUuid } from '../../../../../features/reviews/api';

type InboxSearch = {
  status?: InboxStatus;
  program?: string;
  since?: string;
  /** The organization-wide inbox's stage number (decision 066). */
  stage?: number;
  min_score?: number;
  decision?: string;
};

const number = (v: unknown, min: number, max: number) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
};

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/reviews')({
  // Typed here, checked in the page's own (lazy) chunk: the route tree every page loads stays small.
  validateSearch: (search: Record<string, unknown>) => search as InboxSearch,
  component: function ApplicationsInboxRoute() {
    const { org } = Route.useRouteContext();
    const { status, program, since, stage, min_score, decision } = Route.useSearch();
    const stageNumber = number(stage, 1, 10);
    return (
      <ApplicationsInbox
        org={org}
        status={isInboxView(status) ? status : 'all'}
        programId={isUuid(program) ? program : undefined}
        since={typeof since === 'string' && !Number.isNaN(Date.parse(since)) ? since : undefined}
        stage={stageNumber !== undefined && Number.isInteger(stageNumber) ? stageNumber : undefined}
        minScore={number(min_score, 0, 1_000_000)}
        decision={typeof decision === 'string' && decision.trim() ? decision.trim().slice(0, 500) : undefined}
      />
    );
  },
});
