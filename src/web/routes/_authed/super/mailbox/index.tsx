import { createFileRoute } from '@tanstack/react-router';
import { MailboxPage } from '../../../../features/mail/MailboxPage';

export const Route = createFileRoute('/_authed/super/mailbox/')({
  component: MailboxPage,
});
