import { queryOptions } from '@tanstack/react-query';
import type {
  MailboxItem,
  MailboxMessage,
  MailDelivery,
  MailPreferences,
  PublishPreview,
  UnsubscribeInfo,
} from '../../../shared/schemas/mail';
import type { PublishPreviewInput } from '../../../shared/schemas/results';
import { api } from '../../lib/api';

const enc = encodeURIComponent;

/** The exact email one applicant of this selection would receive, and how many would get one. */
export const publishPreviewQuery = (programId: string, input: PublishPreviewInput, enabled: boolean) =>
  queryOptions({
    queryKey: ['publish-preview', programId, input],
    queryFn: () => api<PublishPreview>('POST', `/programs/${enc(programId)}/publish-preview`, input),
    enabled,
    staleTime: 0,
  });

export function sendTestCopy(programId: string, input: PublishPreviewInput) {
  return api<{ message: string; to: string }>('POST', `/programs/${enc(programId)}/publish-test`, input);
}

export const mailDeliveryQuery = (programId: string) =>
  queryOptions({
    queryKey: ['mail-delivery', programId],
    queryFn: () => api<MailDelivery>('GET', `/programs/${enc(programId)}/mail-delivery`),
    // While emails are on their way, the counts follow them.
    refetchInterval: (q) => ((q.state.data?.pending ?? 0) > 0 ? 3_000 : false),
  });

export const mailboxQuery = (q: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['mailbox', q, offset, limit],
    queryFn: () =>
      api<{ items: MailboxItem[]; total: number }>(
        'GET',
        `/super/mailbox?${new URLSearchParams({ ...(q ? { q } : {}), offset: String(offset), limit: String(limit) })}`,
      ),
  });

export const mailboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: ['mailbox-message', id],
    queryFn: () => api<MailboxMessage>('GET', `/super/mailbox/${enc(id)}`),
  });

export const mailPreferencesQuery = queryOptions({
  queryKey: ['mail-preferences'],
  queryFn: () => api<MailPreferences>('GET', '/me/mail-preferences'),
});

export function saveMailPreferences(input: Partial<MailPreferences>) {
  return api<MailPreferences>('PUT', '/me/mail-preferences', input);
}

export const unsubscribeInfoQuery = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', token],
    queryFn: () => api<UnsubscribeInfo>('GET', `/mail/unsubscribe?token=${enc(token)}`),
    retry: false,
  });

export function unsubscribe(token: string) {
  return api<UnsubscribeInfo>('POST', `/mail/unsubscribe?token=${enc(token)}`);
}

export const categoryLabels: Record<UnsubscribeInfo['category'], { title: string; description: string }> = {
  reminders: {
    title: 'Deadline reminders',
    description:
      'Reminders before a deadline when your application is not submitted, and deadline extensions.',
  },
  updates: {
    title: 'Updates about your roles',
    description: 'When you are added as a reviewer or admin, and when a super admin reviews your program.',
  },
};
