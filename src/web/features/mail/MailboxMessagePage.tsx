import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../../components/ui/BackLink';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { mailboxMessageQuery } from './api';
import { EmailView } from './EmailView';

/** One email of the built-in mailbox, as its recipient received it (HTML and text). */
export function MailboxMessagePage({ messageId }: { messageId: string }) {
  const message = useQuery(mailboxMessageQuery(messageId));
  usePageTitle(message.data ? `${message.data.subject} · Mailbox` : 'Mailbox');
  const m = message.data;
  return (
    <DashboardShell showReviews={false}>
      <PageHeader
        back={<BackLink to="/super/mailbox">Back to Mailbox</BackLink>}
        eyebrow="Mailbox"
        title={m ? m.subject : message.isError ? 'Email' : 'Loading…'}
        description={m ? `Delivered ${formatDateTime(m.received_at)}` : undefined}
      />
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {message.isPending ? (
          <SkeletonText lines={8} label="Loading the email…" />
        ) : message.isError ? (
          <ErrorState
            message={
              message.error instanceof ApiError && message.error.status === 404
                ? 'This email is not in the mailbox.'
                : 'Failed to load the email'
            }
            onRetry={() => void message.refetch()}
            retrying={message.isFetching}
          />
        ) : (
          <EmailView title={`Email: ${m!.subject}`} email={m!} />
        )}
      </div>
    </DashboardShell>
  );
}
