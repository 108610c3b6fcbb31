import { createFileRoute } from '@tanstack/react-router';
import { AssignmentsPage } from '../../../features/governance/AssignmentsPage';

export const Route = createFileRoute('/_authed/super/assignments')({
  component: AssignmentsPage,
});
