import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../features/mail/UnsubscribePage';

/** An email's unsubscribe link (no sign-in needed: the signed token is the authority). */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  component: function UnsubscribeRoute() {
    const { token } = Route.useSearch();
    return <UnsubscribePage token={token ?? ''} />;
  },
});
