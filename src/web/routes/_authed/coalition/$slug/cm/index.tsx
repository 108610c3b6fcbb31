import { createFileRoute } from '@tanstack/react-router';
import { CoalitionLanding } from '../../../../../features/dashboard/CoalitionLanding';

export const Route = createFileRoute('/_authed/coalition/$slug/cm/')({
  component: function CoalitionManagerRoute() {
    const { coalition } = Route.useRouteContext();
    return <CoalitionLanding coalition={coalition} />;
  },
});
