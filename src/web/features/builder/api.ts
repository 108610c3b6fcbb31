import { queryOptions } from '@tanstack/react-query';
import type { ApplicationForm, ReviewerForm } from '../../../shared/schemas/forms';
import type {
  AdminProgram,
  ProgramEditor,
  ProgramSchedule,
  ProgramScheduleInput,
  SaveResult,
} from '../../../shared/schemas/programs';
import type { AddStageInput, Stage, StageList, StageSettingsInput } from '../../../shared/schemas/stages';
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

/** The builder of program `id` in the same editor (org, coalition, or the super admin's view). */
export function builderPath(mode: EditorMode, id: string): string {
  const program = encodeURIComponent(id);
  if (mode.kind === 'coalition') return `/coalition/${mode.coalitionSlug}/cm/programs/${program}/builder`;
  if (mode.kind === 'super') return `/super/programs/${program}/builder`;
  return `/org/${mode.orgSlug}/admin/programs/${program}/builder`;
}

/** Every chain of stages the browser holds starts with this key (one invalidation refreshes all). */
export const stagesKey = ['program-stages'] as const;

/** The chain of stages program `id` belongs to, stage 1 first (decision 066). */
export const stagesQuery = (programId: string) =>
  queryOptions({
    queryKey: [...stagesKey, programId],
    queryFn: () => api<StageList>('GET', `/programs/${encodeURIComponent(programId)}/stages`),
    retry,
    refetchOnWindowFocus: false,
  });

export const addStage = (programId: string, input: AddStageInput) =>
  api<AdminProgram>('POST', `/programs/${encodeURIComponent(programId)}/stages`, input);

export const saveStageSettings = (programId: string, input: StageSettingsInput) =>
  api<Stage>('PUT', `/programs/${encodeURIComponent(programId)}/stage-settings`, input);
