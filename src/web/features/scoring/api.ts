import { queryOptions } from '@tanstack/react-query';
import type { Criterion, ReviewMode, SheetVisibility } from '../../../shared/domain/scoring';
import type {
  AssignResult,
  AutoAssignPlan,
  ConflictRow,
  NextToScore,
  ReviewerProgress,
  ScoreSheet,
  ScoringDetail,
  ScoringSettings,
  UnassignResult,
} from '../../../shared/schemas/scoring';
import { ApiError, api } from '../../lib/api';

const enc = encodeURIComponent;

/** 401/403/404 are answers, not hiccups: no retry. */
function retry(count: number, err: unknown) {
  if (err instanceof ApiError && [401, 403, 404, 409].includes(err.status)) return false;
  return count < 2;
}

export const scoringSettingsQuery = (programId: string) =>
  queryOptions({
    queryKey: ['scoring-settings', programId],
    queryFn: () => api<ScoringSettings>('GET', `/programs/${enc(programId)}/scoring`),
    retry,
    refetchOnWindowFocus: false,
  });

export interface SettingsBody {
  mode: ReviewMode;
  sheet_visibility: SheetVisibility;
  blind: boolean;
  hidden_questions: string[];
  criteria: Criterion[];
  version: number;
}

export const saveScoringSettings = (programId: string, body: SettingsBody) =>
  api<ScoringSettings>('PUT', `/programs/${enc(programId)}/scoring`, body);

export const scoringDetailQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ['scoring-detail', applicationId],
    queryFn: () => api<ScoringDetail>('GET', `/applications/${enc(applicationId)}/scoring`),
    retry,
    refetchOnWindowFocus: false,
  });

export interface SheetBody {
  scores: Record<string, number | null>;
  comments: string | null;
  notes: string | null;
  abstain: boolean;
  version: number;
  submit?: boolean;
}

export const saveSheet = (applicationId: string, body: SheetBody) =>
  api<ScoreSheet>('PUT', `/applications/${enc(applicationId)}/score-sheet`, body);

export const recuse = (applicationId: string, note: string | null) =>
  api<{ message: string }>('POST', `/applications/${enc(applicationId)}/recuse`, { note });

export const requestReopen = (sheetId: string, note: string | null) =>
  api<ScoreSheet>('POST', `/score-sheets/${enc(sheetId)}/reopen-request`, { note });

export const reopenSheet = (sheetId: string) =>
  api<ScoreSheet>('POST', `/score-sheets/${enc(sheetId)}/reopen`);

export const recordDecision = (applicationId: string, decision: string, version: number) =>
  api<ScoringDetail>('PUT', `/applications/${enc(applicationId)}/final-decision`, { decision, version });

export const nextToScoreQuery = (programId: string) =>
  queryOptions({
    queryKey: ['review-lists', 'next', programId],
    queryFn: () => api<NextToScore>('GET', `/review/programs/${enc(programId)}/next`),
    retry,
  });

export const reviewerProgressQuery = (programId: string) =>
  queryOptions({
    queryKey: ['review-lists', 'progress', programId],
    queryFn: () => api<ReviewerProgress>('GET', `/programs/${enc(programId)}/reviewer-progress`),
    retry,
  });

export const conflictsQuery = (programId: string) =>
  queryOptions({
    queryKey: ['review-lists', 'conflicts', programId],
    queryFn: () =>
      api<{ items: ConflictRow[]; total: number }>('GET', `/programs/${enc(programId)}/conflicts`),
    retry,
  });

export const addConflict = (
  programId: string,
  applicationId: string,
  reviewerId: string,
  note: string | null,
) =>
  api<{ message: string }>('POST', `/programs/${enc(programId)}/conflicts`, {
    application_id: applicationId,
    reviewer_id: reviewerId,
    note,
  });

export const removeConflict = (programId: string, conflictId: string) =>
  api<{ message: string }>('DELETE', `/programs/${enc(programId)}/conflicts/${enc(conflictId)}`);

export const assignReviewers = (programId: string, applicationIds: string[], reviewerIds: string[]) =>
  api<AssignResult>('POST', `/programs/${enc(programId)}/score-assignments`, {
    application_ids: applicationIds,
    reviewer_ids: reviewerIds,
  });

export const unassignReviewers = (programId: string, applicationIds: string[], reviewerIds: string[]) =>
  api<UnassignResult>('POST', `/programs/${enc(programId)}/score-assignments/remove`, {
    application_ids: applicationIds,
    reviewer_ids: reviewerIds,
  });

export interface AutoAssignBody {
  per_application: number;
  max_per_reviewer: number | null;
  plan_hash?: string;
}

export const previewAutoAssign = (programId: string, body: AutoAssignBody) =>
  api<AutoAssignPlan>('POST', `/programs/${enc(programId)}/auto-assign/preview`, body);

export const applyAutoAssign = (programId: string, body: AutoAssignBody) =>
  api<AutoAssignPlan>('POST', `/programs/${enc(programId)}/auto-assign`, body);

/** The message of a failed call, or the fallback. */
export const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message && err.message !== 'An error occurred.' ? err.message : fallback;

export const remindReviewer = (programId: string, userId: string) =>
  api<{ message: string; sent: boolean }>(
    'POST',
    `/programs/${enc(programId)}/reviewer-progress/${enc(userId)}/remind`,
  );
