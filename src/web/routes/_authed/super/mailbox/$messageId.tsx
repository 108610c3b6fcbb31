import { createFileRoute } from '@tanstack/react-router';
import { MailboxMessagePage } from '../../../../features/mail/MailboxMessagePage';

export const Route = createFileRoute('/_authed/super/mailbox/$messageId')({
  component: function MailboxMessageRoute() {
    const { messageId } = Route.useParams();
    return <MailboxMessagePage key={messageId} messageId={messageId} />;
  },
});
