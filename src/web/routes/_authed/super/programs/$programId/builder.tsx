import { createFileRoute } from '@tanstack/react-router';
import { ApplicationEditor } from '../../../../../features/builder/ApplicationEditor';
import { isUuid } from '../../../../../features/builder/api';

/** The super admin's view of the editor: locked, no save or publish. A non-UUID id renders nothing. */
export const Route = createFileRoute('/_authed/super/programs/$programId/builder')({
  component: function SuperBuilderRoute() {
    const { programId } = Route.useParams();
    if (!isUuid(programId)) return null;
    return <ApplicationEditor key={programId} programId={programId} mode={{ kind: 'super' }} />;
  },
});
