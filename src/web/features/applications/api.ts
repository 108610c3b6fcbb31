import { queryOptions } from '@tanstack/react-query';
import type {
  Application,
  ApplicationPreview,
  MyDraft,
  MySubmission,
} from '../../../shared/schemas/applications';
import { api } from '../../lib/api';
import type { SendResult } from './answer-sync';

export const applicationQuery = (id: string) =>
  queryOptions({
    queryKey: ['application', id],
    queryFn: () => api<Application>('GET', `/applications/${encodeURIComponent(id)}`),
    retry: false,
    // The page holds the answers itself while it is open; refetching under it would fight the editor.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const applicationPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: ['application-preview', id],
    queryFn: () => api<ApplicationPreview>('GET', `/applications/${encodeURIComponent(id)}/preview`),
    retry: false,
  });

export const mySubmissionsQuery = queryOptions({
  queryKey: ['me', 'applications'],
  queryFn: () => api<{ items: MySubmission[]; total: number }>('GET', '/me/applications'),
});

export const myDraftsQuery = queryOptions({
  queryKey: ['me', 'applications', 'drafts'],
  queryFn: () => api<{ items: MyDraft[]; total: number }>('GET', '/me/applications/drafts'),
});

/**
 * PUT the answers (autosave, edit saves) or POST them to submit. Uses fetch directly: the 409 and
 * 422 answers carry data (the server's answers, the problems), and a save on hide/unload needs
 * `keepalive` (fetch sends the Origin header our CSRF check wants; sendBeacon cannot PUT JSON).
 */
export async function sendAnswers(
  applicationId: string,
  kind: 'save' | 'submit',
  body: { answers: Record<string, unknown>; version: number },
  options: { keepalive?: boolean } = {},
): Promise<SendResult> {
  const id = encodeURIComponent(applicationId);
  let res: Response;
  try {
    res = await fetch(
      kind === 'save' ? `/api/applications/${id}/answers` : `/api/applications/${id}/submit`,
      {
        method: kind === 'save' ? 'PUT' : 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        keepalive: options.keepalive,
      },
    );
  } catch {
    return { kind: 'network' };
  }
  let data: any = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (res.ok && data)
    return { kind: 'ok', answers: data.answers, version: data.version, status: data.status };
  if (res.status === 409 && data?.current) return { kind: 'stale', current: data.current };
  if (res.status === 422 && data?.problems && data?.current)
    return {
      kind: 'refused',
      message: data.error?.message ?? '',
      problems: data.problems,
      current: data.current,
    };
  if (res.status === 503) return { kind: 'network' };
  return { kind: 'error', status: res.status, message: data?.error?.message ?? '' };
}
