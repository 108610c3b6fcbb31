import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { RUBRIC_LIMITS, reviewModes, sheetVisibilities } from '../domain/scoring';
import { text } from './text';

const uuid = (message: string) => z.string().uuid(message);
const KEY = /^[A-Za-z0-9_-]+$/;

export const criterionSchema = z.object({
  key: text(LIMITS.key).min(1).regex(KEY, 'Criterion keys use letters, digits, _ and -.'),
  name: text(RUBRIC_LIMITS.name),
  guidance: text(RUBRIC_LIMITS.guidance).optional(),
  min: z.number().int().min(RUBRIC_LIMITS.scaleMin).max(RUBRIC_LIMITS.scaleMax),
  max: z.number().int().min(RUBRIC_LIMITS.scaleMin).max(RUBRIC_LIMITS.scaleMax),
  weight: z.number().positive('Weights are above 0.').max(RUBRIC_LIMITS.weightMax),
  counts: z.boolean().default(true),
});

/** A program's review settings (the reviewer form's mode, rubric, independence and blind review). */
export const scoringSettingsInput = z.object({
  mode: z.enum(reviewModes),
  sheet_visibility: z.enum(sheetVisibilities).default('after_submit'),
  blind: z.boolean().default(false),
  hidden_questions: z.array(text(LIMITS.key)).max(LIMITS.questions).default([]),
  criteria: z.array(criterionSchema).max(RUBRIC_LIMITS.criteria, 'At most 20 criteria.').default([]),
  /** The version the editor started from (0 before the first save): a stale save is refused. */
  version: z.number().int().min(0),
});
export type ScoringSettingsInput = z.input<typeof scoringSettingsInput>;

export const scoringSettingsSchema = z.object({
  program_id: z.string(),
  mode: z.enum(reviewModes),
  sheet_visibility: z.enum(sheetVisibilities),
  blind: z.boolean(),
  hidden_questions: z.array(z.string()),
  criteria: z.array(criterionSchema),
  /** A score has been saved: the mode, scales and weights are locked. */
  scores_saved: z.boolean(),
  version: z.number().int(),
});
export type ScoringSettings = z.infer<typeof scoringSettingsSchema>;

export const sheetStatuses = ['assigned', 'draft', 'submitted'] as const;
export type SheetStatus = (typeof sheetStatuses)[number];

export const aggregateSchema = z.object({
  sheets: z.number().int(),
  assigned: z.number().int(),
  scored: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  spread: z.number().nullable(),
  disagreement: z.boolean(),
  rank: z.number().int().nullable(),
});
export type AggregateRow = z.infer<typeof aggregateSchema>;

/** One reviewer's score sheet for one application. */
export const scoreSheetSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  program_id: z.string(),
  reviewer_id: z.string(),
  reviewer_name: z.string().nullable(),
  status: z.enum(sheetStatuses),
  scores: z.record(z.string(), z.number().nullable()),
  abstain: z.boolean(),
  /** Comments for the applicant (published as "reviewer comments"). */
  comments: z.string().nullable(),
  /** Private notes for the committee: never published. */
  notes: z.string().nullable(),
  total: z.number().nullable(),
  version: z.number().int(),
  submitted_at: z.string().nullable(),
  reopen_requested_at: z.string().nullable(),
  reopen_note: z.string().nullable(),
  updated_at: z.string(),
});
export type ScoreSheet = z.infer<typeof scoreSheetSchema>;

export const saveSheetInput = z.object({
  scores: z.record(z.string().max(LIMITS.key), z.number().nullable()).default({}),
  comments: text(RUBRIC_LIMITS.sheetText).nullable().optional(),
  notes: text(RUBRIC_LIMITS.sheetText).nullable().optional(),
  abstain: z.boolean().default(false),
  /** The version the sheet was read at. */
  version: z.number().int().min(0),
  /** Submit: the sheet is locked afterwards (the admin can reopen it). */
  submit: z.boolean().optional(),
});
export type SaveSheetInput = z.input<typeof saveSheetInput>;

/** The 409 of a stale or submitted sheet: the sheet as it now is. */
export const sheetConflictSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  sheet: scoreSheetSchema.nullable(),
});

/** What the scoring panel of one application shows to its caller. */
export const scoringDetailSchema = z.object({
  application_id: z.string(),
  program_id: z.string(),
  mode: z.enum(reviewModes),
  sheet_visibility: z.enum(sheetVisibilities),
  criteria: z.array(criterionSchema),
  can_admin: z.boolean(),
  /** The caller's own sheet (null when they have none). */
  my_sheet: scoreSheetSchema.nullable(),
  /** Other reviewers' sheets the caller may read: every sheet for admins, submitted ones for reviewers. */
  others: z.array(scoreSheetSchema),
  /** Why `others` is empty for a reviewer who may not read them yet (null when they may). */
  others_hidden: z.string().nullable(),
  aggregate: aggregateSchema.nullable(),
  /** The final decision (the program's shared review), for admins. */
  decision: z
    .object({
      decision: z.string().nullable(),
      score: z.number().nullable(),
      status: z.enum(['draft', 'submitted']),
      version: z.number().int(),
      submitted_at: z.string().nullable(),
    })
    .nullable(),
  decision_options: z.array(z.string()),
});
export type ScoringDetail = z.infer<typeof scoringDetailSchema>;

export const reopenRequestInput = z.object({ note: text(LIMITS.line).nullable().optional() });

export const finalDecisionInput = z.object({
  decision: text(LIMITS.option).min(1, 'Choose a decision.'),
  /** The shared review's version (0 when there is none yet). */
  version: z.number().int().min(0),
});

const idList = (message: string, max: number) =>
  z.array(uuid(message)).min(1, 'Choose at least one.').max(max);

export const MAX_BULK_APPLICATIONS = 10_000;

export const assignInput = z.object({
  application_ids: idList('Application ids must be UUIDs.', MAX_BULK_APPLICATIONS),
  reviewer_ids: idList('User ids must be UUIDs.', 500),
});
export type AssignInput = z.input<typeof assignInput>;

export const assignResultSchema = z.object({
  message: z.string(),
  assigned: z.number().int(),
  already: z.number().int(),
  conflicted: z.number().int(),
});
export type AssignResult = z.infer<typeof assignResultSchema>;

export const unassignResultSchema = z.object({
  message: z.string(),
  removed: z.number().int(),
  kept_submitted: z.number().int(),
});
export type UnassignResult = z.infer<typeof unassignResultSchema>;

export const autoAssignInput = z.object({
  per_application: z.number().int().min(1, 'At least 1 reviewer per application.').max(50),
  max_per_reviewer: z.number().int().min(1).max(MAX_BULK_APPLICATIONS).nullable().optional(),
  /** Apply: the plan the preview showed; a different plan now is refused (409). */
  plan_hash: z.string().max(100).optional(),
});
export type AutoAssignInput = z.input<typeof autoAssignInput>;

export const autoAssignPlanSchema = z.object({
  applications: z.number().int(),
  reviewers: z.number().int(),
  /** New assignments the plan makes. */
  new_assignments: z.number().int(),
  /** Applications that end with fewer than asked (fewer eligible reviewers, or caps). */
  short_applications: z.number().int(),
  loads: z.array(
    z.object({
      user_id: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      current: z.number().int(),
      added: z.number().int(),
      total: z.number().int(),
    }),
  ),
  plan_hash: z.string(),
  message: z.string(),
});
export type AutoAssignPlan = z.infer<typeof autoAssignPlanSchema>;

export const reviewerProgressSchema = z.object({
  items: z.array(
    z.object({
      user_id: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      /** In the program's reviewer pool (an admin may still see sheets of someone removed since). */
      in_pool: z.boolean(),
      assigned: z.number().int(),
      submitted: z.number().int(),
      remaining: z.number().int(),
      reopen_requests: z.number().int(),
    }),
  ),
  /** Reminder emails can be sent (the email pipeline is configured). */
  can_remind: z.boolean(),
});
export type ReviewerProgress = z.infer<typeof reviewerProgressSchema>;

export const conflictSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  applicant_name: z.string().nullable(),
  reviewer_id: z.string(),
  reviewer_name: z.string().nullable(),
  source: z.enum(['admin', 'declared']),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type ConflictRow = z.infer<typeof conflictSchema>;

export const conflictListSchema = z.object({ items: z.array(conflictSchema), total: z.number().int() });

export const conflictInput = z.object({
  application_id: uuid('Application ids must be UUIDs.'),
  reviewer_id: uuid('User ids must be UUIDs.'),
  note: text(LIMITS.line).nullable().optional(),
});

export const recuseInput = z.object({ note: text(LIMITS.line).nullable().optional() });

export const messageSchema = z.object({ message: z.string() });

export const nextToScoreSchema = z.object({
  application_id: z.string().nullable(),
  /** The caller's sheets in this program not yet submitted. */
  remaining: z.number().int(),
});
export type NextToScore = z.infer<typeof nextToScoreSchema>;
