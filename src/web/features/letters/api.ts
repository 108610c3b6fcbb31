import { queryOptions } from '@tanstack/react-query';
import { letterFileType } from '../../../shared/domain/letters';
import type {
  LetterPage,
  LetterRequest,
  LetterRequestInput,
  LetterSaved,
  LetterSettingsBody,
  LetterUnsubscribe,
  MyLetterRequests,
  StaffLetters,
} from '../../../shared/schemas/letters';
import { api } from '../../lib/api';
import { type ShownFile, sendFile, type UploadHandle } from '../files/api';

const enc = encodeURIComponent;

export const myLetterRequestsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ['letters', 'mine', applicationId],
    queryFn: () => api<MyLetterRequests>('GET', `/applications/${enc(applicationId)}/letter-requests`),
  });

export const requestLetter = (applicationId: string, input: LetterRequestInput) =>
  api<{ request: LetterRequest }>('POST', `/applications/${enc(applicationId)}/letter-requests`, input);

export const resendLetter = (applicationId: string, requestId: string) =>
  api<{ request: LetterRequest }>(
    'POST',
    `/applications/${enc(applicationId)}/letter-requests/${enc(requestId)}/resend`,
  );

export const cancelLetter = (applicationId: string, requestId: string) =>
  api<{ request: LetterRequest }>(
    'POST',
    `/applications/${enc(applicationId)}/letter-requests/${enc(requestId)}/cancel`,
  );

export const staffLettersQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ['letters', 'staff', applicationId],
    queryFn: () => api<StaffLetters>('GET', `/applications/${enc(applicationId)}/letters`),
  });

export const letterFileUrl = (applicationId: string, requestId: string) =>
  `/api/applications/${enc(applicationId)}/letters/${enc(requestId)}/file`;

/** May reviewers of a blind program read its letters (the program's admins; off by default). */
export const letterSettingsQuery = (programId: string) =>
  queryOptions({
    queryKey: ['letters', 'settings', programId],
    queryFn: () => api<LetterSettingsBody>('GET', `/programs/${enc(programId)}/letter-settings`),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const saveLetterSettings = (programId: string, body: LetterSettingsBody) =>
  api<LetterSettingsBody>('PUT', `/programs/${enc(programId)}/letter-settings`, body);

export const letterPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['letters', 'page', token],
    queryFn: () => api<LetterPage>('GET', `/letters/${enc(token)}`),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const saveLetterDraft = (token: string, input: { text?: string; answers?: Record<string, string> }) =>
  api<LetterSaved>('PUT', `/letters/${enc(token)}/draft`, input);

export const submitLetter = (token: string, input: { text?: string; answers?: Record<string, string> }) =>
  api<{ status: 'submitted' | 'declined'; message: string }>('POST', `/letters/${enc(token)}/submit`, input);

export const declineLetter = (token: string, reason: string) =>
  api<{ status: 'submitted' | 'declined'; message: string }>('POST', `/letters/${enc(token)}/decline`, {
    reason,
  });

export const removeLetterFile = (token: string) => api<LetterSaved>('DELETE', `/letters/${enc(token)}/file`);

/** The recommender's stored PDF as the upload control shows it (its name and size; never a link). */
export const letterFileShown = (saved: {
  file_name: string | null;
  file_size: number | null;
}): ShownFile | null =>
  saved.file_name ? { fileName: saved.file_name, fileSize: saved.file_size ?? 0 } : null;

/** The recommender uploads the letter's PDF through the link (replacing an earlier one), with progress. */
export const uploadLetterFile = (
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
  failureMessage: string,
): UploadHandle<ShownFile> =>
  sendFile(`/api/letters/${enc(token)}/file`, file, {
    onProgress,
    failureMessage,
    contentType: letterFileType(file),
    result: (body) => letterFileShown(body as LetterSaved) ?? { fileName: file.name, fileSize: file.size },
  });

/**
 * An admin uploads a letter received by post on the recommender's behalf (audited): the request turns
 * Submitted, so what comes back is the file as sent.
 */
export const uploadLetterOnBehalf = (
  applicationId: string,
  requestId: string,
  file: File,
  onProgress: (fraction: number) => void,
  failureMessage: string,
): UploadHandle<ShownFile> =>
  sendFile(`/api/applications/${enc(applicationId)}/letter-requests/${enc(requestId)}/on-behalf`, file, {
    onProgress,
    failureMessage,
    contentType: letterFileType(file),
    result: () => ({ fileName: file.name, fileSize: file.size }),
  });

/** A recommender's "Stop reminders about this request" link: whose request, and whether reminders are on. */
export const letterUnsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: ['letters', 'unsubscribe', token],
    queryFn: () => api<LetterUnsubscribe>('GET', `/letter-reminders/unsubscribe?token=${enc(token)}`),
    retry: false,
  });

export const stopLetterReminders = (token: string) =>
  api<LetterUnsubscribe>('POST', `/letter-reminders/unsubscribe?token=${enc(token)}`);
