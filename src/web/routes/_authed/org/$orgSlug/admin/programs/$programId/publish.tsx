import { createFileRoute } from '@tanstack/react-router';
import { isUuid } from '../../../../../../../features/builder/api';
import { PublishProgramPage } from '../../../../../../../features/results/PublishProgramPage';

/** A program's results queue (org-admin guard in admin.tsx). A non-UUID id renders nothing. */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin/programs/$programId/publish')({
  component: function PublishProgramRoute() {
    const { org } = Route.useRouteContext();
    const { programId } = Route.useParams();
    if (!isUuid(programId)) return null;
    return <PublishProgramPage key={programId} org={org} programId={programId} />;
  },
});
