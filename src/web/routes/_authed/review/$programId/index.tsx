import { createFileRoute } from '@tanstack/react-router';
import { ReviewQueuePage } from '../../../../features/reviews/ReviewQueuePage';

export const Route = createFileRoute('/_authed/review/$programId/')({
  component: function ReviewQueueRoute() {
    const { programId } = Route.useParams();
    return <ReviewQueuePage programId={programId} />;
  },
});
