import { createFileRoute } from '@tanstack/react-router';
import { ApplicationEditor } from '../../../../../../../features/builder/ApplicationEditor';
import { isUuid } from '../../../../../../../features/builder/api';

/** The coalition application editor (coalition guard in cm.tsx). A non-UUID program id renders nothing. */
export const Route = createFileRoute('/_authed/coalition/$slug/cm/programs/$programId/builder')({
  component: function CoalitionBuilderRoute() {
    const { coalition } = Route.useRouteContext();
    const { programId } = Route.useParams();
    if (!isUuid(programId)) return null;
    return (
      <ApplicationEditor
        key={programId}
        programId={programId}
        mode={{ kind: 'coalition', coalitionSlug: coalition.slug }}
      />
    );
  },
});
