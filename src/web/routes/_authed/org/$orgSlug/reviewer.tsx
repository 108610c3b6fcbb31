import { createFileRoute } from '@tanstack/react-router';
import { EntityNotFoundFromData } from '../../../../features/access/EntityNotFound';
import { requireOrgReviewer } from '../../../../features/access/guards';
import { Pending } from '../../../../features/access/Pending';
import { ReviewerLanding } from '../../../../features/dashboard/ReviewerLanding';

/** Reviewer guard: the slug must be among the reviewer orgs or the orgs of the reviewer programs. */
export const Route = createFileRoute('/_authed/org/$orgSlug/reviewer')({
  beforeLoad: async ({ context, location, params }) => {
    await requireOrgReviewer(context.queryClient, location.href, params.orgSlug);
  },
  pendingComponent: () => <Pending text="Checking access…" />,
  notFoundComponent: EntityNotFoundFromData,
  component: ReviewerLanding,
});
