import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/governance/UsersPage';

export const Route = createFileRoute('/_authed/super/users')({
  component: UsersPage,
});
