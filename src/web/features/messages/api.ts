import { queryOptions } from '@tanstack/react-query';
import type {
  Message,
  MessageCounts,
  MessageInput,
  MessageSettings,
  MessageThread,
} from '../../../shared/schemas/messages';
import { api } from '../../lib/api';

const enc = encodeURIComponent;

export const threadQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ['messages', 'thread', applicationId],
    queryFn: () => api<MessageThread>('GET', `/applications/${enc(applicationId)}/messages`),
  });

export const postMessage = (applicationId: string, input: MessageInput) =>
  api<{ message: Message }>('POST', `/applications/${enc(applicationId)}/messages`, input);

export const markThreadRead = (applicationId: string) =>
  api<{ unread: number }>('POST', `/applications/${enc(applicationId)}/messages/read`);

/** My Submissions: unread messages per application of mine. */
export const myMessageCountsQuery = () =>
  queryOptions({
    queryKey: ['messages', 'counts', 'me'],
    queryFn: () => api<MessageCounts>('GET', '/me/messages/counts'),
  });

/** The admin inbox: unread messages from applicants per application of the program. */
export const programMessageCountsQuery = (programId: string) =>
  queryOptions({
    queryKey: ['messages', 'counts', 'program', programId],
    queryFn: () => api<MessageCounts>('GET', `/programs/${enc(programId)}/messages/counts`),
  });

export const messageSettingsQuery = (programId: string) =>
  queryOptions({
    queryKey: ['messages', 'settings', programId],
    queryFn: () => api<MessageSettings>('GET', `/programs/${enc(programId)}/message-settings`),
  });

export const saveMessageSettings = (programId: string, input: MessageSettings) =>
  api<MessageSettings>('PUT', `/programs/${enc(programId)}/message-settings`, input);

/** application id → unread count, for a list's badges. */
export const unreadById = (counts: MessageCounts | undefined) =>
  new Map((counts?.items ?? []).map((i) => [i.application_id, i.unread]));
