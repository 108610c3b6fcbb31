import { createFileRoute } from '@tanstack/react-router';
import { ManageReviewersPage } from '../../../../../features/program-assignments/ManageReviewersPage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Manage Reviewers (org-admin guard in admin.tsx); ?program=<id> is the program being managed. */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin/reviewers')({
  validateSearch: (search: Record<string, unknown>): { program?: string } =>
    typeof search.program === 'string' && UUID.test(search.program) ? { program: search.program } : {},
  component: function ManageReviewersRoute() {
    const { org } = Route.useRouteContext();
    const { program } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ManageReviewersPage
        org={org}
        programId={program ?? null}
        onSelect={(id) => void navigate({ search: { program: id }, replace: true, resetScroll: false })}
      />
    );
  },
});
