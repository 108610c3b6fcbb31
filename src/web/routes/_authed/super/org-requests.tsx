import { createFileRoute } from '@tanstack/react-router';
import { OrgRequestsPage } from '../../../features/org-requests/OrgRequestsPage';

export const Route = createFileRoute('/_authed/super/org-requests')({
  component: OrgRequestsPage,
});
