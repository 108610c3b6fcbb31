import { createFileRoute } from '@tanstack/react-router';
import { LetterUnsubscribePage } from '../features/letters/LetterUnsubscribePage';

/** A recommender's "Stop reminders about this request" link (no sign-in: the signed token is the authority). */
export const Route = createFileRoute('/letters/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  component: function LetterUnsubscribeRoute() {
    const { token } = Route.useSearch();
    return <LetterUnsubscribePage token={token ?? ''} />;
  },
});
