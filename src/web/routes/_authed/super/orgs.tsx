import { createFileRoute } from '@tanstack/react-router';
import { OrgsPage } from '../../../features/governance/OrgsPage';

export const Route = createFileRoute('/_authed/super/orgs')({
  component: OrgsPage,
});
