import { createFileRoute } from '@tanstack/react-router';
import { ReviewDetailPage } from '../../../../features/reviews/ReviewDetailPage';

export const Route = createFileRoute('/_authed/review/app/$applicationId')({
  component: function ReviewDetailRoute() {
    const { applicationId } = Route.useParams();
    return <ReviewDetailPage key={applicationId} applicationId={applicationId} />;
  },
});
