import { createFileRoute } from '@tanstack/react-router';
import { ApplicationEditor } from '../../../../../../../features/builder/ApplicationEditor';
import { isUuid } from '../../../../../../../features/builder/api';

/** The organization's application editor (org-admin guard in admin.tsx). A non-UUID id renders nothing. */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin/programs/$programId/builder')({
  component: function OrgBuilderRoute() {
    const { org } = Route.useRouteContext();
    const { programId } = Route.useParams();
    if (!isUuid(programId)) return null;
    return (
      <ApplicationEditor key={programId} programId={programId} mode={{ kind: 'org', orgSlug: org.slug }} />
    );
  },
});
