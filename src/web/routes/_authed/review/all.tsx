import { createFileRoute } from '@tanstack/react-router';
import { AllReviewsPage } from '../../../features/reviews/AllReviewsPage';

export const Route = createFileRoute('/_authed/review/all')({
  component: AllReviewsPage,
});
