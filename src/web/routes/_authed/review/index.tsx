import { createFileRoute } from '@tanstack/react-router';
import { ReviewAssignments } from '../../../features/dashboard/ReviewAssignments';

export const Route = createFileRoute('/_authed/review/')({
  component: ReviewAssignments,
});
