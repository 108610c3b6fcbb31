import { createFileRoute } from '@tanstack/react-router';
import { LateLinkPage } from '../../features/late-links/LateLinkPage';

/** A late-submission link (decision 064): signed in first (the guard brings them back here). */
export const Route = createFileRoute('/_authed/late/$token')({
  component: function LateLinkRoute() {
    const { token } = Route.useParams();
    return <LateLinkPage token={token} />;
  },
});
