import { createFileRoute } from '@tanstack/react-router';
import { LetterPage } from '../features/letters/LetterPage';

/** A recommender's letter link (no sign-in: the link's token is the key; decision 065). */
export const Route = createFileRoute('/letters/$token')({
  component: function LetterRoute() {
    const { token } = Route.useParams();
    return <LetterPage token={token} />;
  },
});
