import { queryOptions } from '@tanstack/react-query';
import type { ApplicationForm, ReviewerForm } from '../../../shared/schemas/forms';
import type {
  ProgramEditor,
  ProgramSchedule,
  ProgramScheduleInput,
  SaveResult,
} from '../../../shared/schemas/programs';
import { ApiError, api } from '../../lib/api';

/** Which editor is open: the organization's, a coalition's, or the super admin's locked view. */
export type EditorMode =
  | { kind: 'org'; orgSlug: string }
  | { kind: 'coalition'; coalitionSlug: string }
  | { kind: 'super' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Program ids are UUIDs; anything else renders nothing. */
export const isUuid = (value: string) => UUID.test(value);

/** 401/403/404 are answers, not hiccups: no retry. */
function retry(count: number, err: unknown) {
  if (err instanceof ApiError && [401, 403, 404].includes(err.status)) return false;
  return count < 2;
}

/** The editor's program: refetched on realtime changes rather than on focus (see ApplicationEditor). */
export const editorQuery = (programId: string) =>
  queryOptions({
    queryKey: ['program-editor', programId],
    queryFn: () => api<ProgramEditor>('GET', `/programs/${encodeURIComponent(programId)}/editor`),
    retry,
    refetchOnWindowFocus: false,
  });

export const reviewerFormQuery = (programId: string) =>
  queryOptions({
    queryKey: ['program-review-form', programId],
    queryFn: () => api<ReviewerForm>('GET', `/programs/${encodeURIComponent(programId)}/review-form`),
    retry,
    refetchOnWindowFocus: false,
  });

export interface SaveBody {
  form: ApplicationForm;
  version: number;
  editor: 'org' | 'coalition';
  coalition_slug?: string;
}

export function saveBody(mode: EditorMode, form: ApplicationForm, version: number): SaveBody {
  return mode.kind === 'coalition'
    ? { form, version, editor: 'coalition', coalition_slug: mode.coalitionSlug }
    : { form, version, editor: 'org' };
}

export const saveForm = (programId: string, body: SaveBody) =>
  api<SaveResult>('PUT', `/programs/${encodeURIComponent(programId)}/form`, body);

export const publishForm = (programId: string, body: SaveBody) =>
  api<SaveResult>('POST', `/programs/${encodeURIComponent(programId)}/publish`, body);

export const saveReviewerForm = (programId: string, form: ReviewerForm) =>
  api<ReviewerForm>('PUT', `/programs/${encodeURIComponent(programId)}/review-form`, form);

/** Where the editor's back link (and the redirect after publishing) goes. */
export function programsListPath(mode: EditorMode, superAdmin: boolean): string {
  if (mode.kind === 'coalition') return `/coalition/${mode.coalitionSlug}/cm`;
  if (mode.kind === 'super' || superAdmin) return '/super/programs';
  return `/org/${mode.orgSlug}/admin/programs`;
}

export const scheduleQuery = (programId: string) =>
  queryOptions({
    queryKey: ['program-schedule', programId],
    queryFn: () => api<ProgramSchedule>('GET', `/programs/${encodeURIComponent(programId)}/schedule`),
    retry,
    refetchOnWindowFocus: false,
  });

export function saveSchedule(programId: string, input: ProgramScheduleInput) {
  return api<{ message: string; schedule: ProgramSchedule; notified: number }>(
    'PUT',
    `/programs/${encodeURIComponent(programId)}/schedule`,
    input,
  );
}
