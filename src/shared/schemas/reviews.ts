import { z } from 'zod';
import { reviewListStatuses, SCORE_MAX, SCORE_MIN, SCORE_RANGE_MESSAGE } from '../domain/reviews';
import { reviewModes, sheetVisibilities } from '../domain/scoring';
import { MAX_STAGES } from '../domain/stages';
import { applicationFormSchema, reviewerFormSchema } from './forms';
import { previousStageSchema } from './previous-stage';
import { aggregateSchema, sheetStatuses } from './scoring';

const uuid = (message: string) => z.string().uuid(message);

/** The shared review of one application (spec 001 §3 Review). */
export const reviewSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  program_id: z.string(),
  score: z.number().nullable(),
  comments: z.string().nullable(),
  ratings: z.record(z.string(), z.unknown()),
  decision: z.string().nullable(),
  status: z.enum(['draft', 'submitted']),
  /** The last editor. */
  reviewer_id: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  /** Optimistic concurrency: a write must carry the version it was based on. */
  version: z.number().int(),
  submitted_at: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A row of the review lists (spec 001 §3 Review list row): one submitted application and its review. */
export const reviewListRowSchema = z.object({
  review_id: z.string().nullable(),
  application_id: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  org_id: z.string(),
  org_name: z.string(),
  /** Null (with applicant_name) when the program hides the applicant's identity from the caller. */
  applicant_id: z.string().nullable(),
  applicant_name: z.string().nullable(),
  /** The applicant is hidden from the caller (blind review): show "Applicant #N" (applicant_number). */
  identity_hidden: z.boolean(),
  applicant_number: z.number().int().nullable(),
  reviewer_id: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  status: z.enum(reviewListStatuses),
  score: z.number().nullable(),
  comments: z.string().nullable(),
  ratings: z.record(z.string(), z.unknown()).nullable(),
  decision: z.string().nullable(),
  /** The program's reviewer form shows decisions (else the Decision column says 'Disabled'). */
  show_decision: z.boolean(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  /** Changes requested of the applicant until this time (decision 063); after it, submitted as it was. */
  changes_due_at: z.string().nullable().optional(),
  /** How many versions the applicant submitted (2 and more: resubmitted after a change request). */
  submission_version: z.number().int().optional(),
  /** The application was resubmitted after this review (or the caller's score sheet) was last saved. */
  changed_since_scored: z.boolean().optional(),
  /** Independent scoring: the application's aggregate (null without sheets). */
  scoring: aggregateSchema.nullable().optional(),
  /** Independent scoring: the caller's own sheet of the application. */
  my_sheet: z
    .object({ id: z.string(), status: z.enum(sheetStatuses), total: z.number().nullable() })
    .nullable()
    .optional(),
});
export type ReviewListRow = z.infer<typeof reviewListRowSchema>;

/**
 * All Reviews: one page, newest first. `total` counts at most REVIEW_TOTAL_CAP rows (`total_capped`
 * says there are more: show "1,000+"); `next_cursor` asks for the page after this one.
 */
export const reviewListSchema = z.object({
  items: z.array(reviewListRowSchema),
  total: z.number(),
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** The per-program queue: the program and its submitted applications (with or without a review). */
export const reviewQueueSchema = z.object({
  program: z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    organization_name: z.string(),
  }),
  items: z.array(reviewListRowSchema),
  total: z.number(),
  /** The caller may administer the program (policy 'program:admin'): Manage Reviewers, Publish Results. */
  can_admin: z.boolean(),
  review_mode: z.enum(reviewModes),
  /** Blind review: reviewers see "Applicant #N" (the caller too, unless an admin). */
  blind: z.boolean(),
  sheet_visibility: z.enum(sheetVisibilities),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/**
 * Programs in stages (decision 066): an application of an earlier stage invited to a later one — the
 * invitation (its id for withdrawing it), the stage and where the applicant is: invited (a draft),
 * submitted, or the invitation withdrawn.
 */
export const invitationStateSchema = z.object({
  id: z.string(),
  stage_program_id: z.string(),
  stage_name: z.string(),
  stage_number: z.number().int(),
  status: z.enum(['invited', 'submitted', 'withdrawn']),
});
export type InvitationState = z.infer<typeof invitationStateSchema>;

/**
 * Applications Inbox row: the list row with the organization's name as `organization_name`, and the
 * application's own status (drafts appear in the 'unsubmitted' and 'started' views).
 */
export const orgReviewRowSchema = reviewListRowSchema.extend({
  organization_name: z.string(),
  review_mode: z.enum(reviewModes),
  application_status: z.string(),
  /** Submitted during the program's grace period (issue 31). */
  late: z.boolean().optional(),
  /** The applicant's personal close time, when an admin set one. */
  personal_close_at: z.string().nullable().optional(),
  /**
   * Reference letters (decision 065): submitted of required over the letter questions shown to this
   * applicant, and how many are still missing; null when the form asks for no letters.
   */
  letters: z
    .object({ submitted: z.number().int(), required: z.number().int(), missing: z.number().int() })
    .nullable()
    .optional(),
  /** Programs in stages (decision 066): the program's place in its chain (1 without stages). */
  stage_number: z.number().int().optional(),
  /** A later stage's stage-1 program, by name (null for stage 1 and programs without stages). */
  parent_program_name: z.string().nullable().optional(),
  /** This application's invitation to the next stage, if it was invited. */
  invitation: invitationStateSchema.nullable().optional(),
});
/**
 * The inbox's views (decision 019, and 037 for the last three): every submitted application; by
 * review state (none yet, in review, finalized); results published; drafts not yet submitted; and
 * every application started, submitted or not; and those with an open change request (decision 063).
 */
export const inboxStatuses = [
  'all',
  'not_started',
  'draft',
  'submitted',
  'published',
  'unsubmitted',
  'started',
  'changes_requested',
] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export const orgReviewListSchema = z.object({
  items: z.array(orgReviewRowSchema),
  total: z.number(),
  /** Applications in each view, whatever the filter (the filter buttons show them). */
  counts: z.object(
    Object.fromEntries(inboxStatuses.map((s) => [s, z.number()])) as Record<InboxStatus, z.ZodNumber>,
  ),
});
export type OrgReviewList = z.infer<typeof orgReviewListSchema>;

export const reviewStatusFilter = z.enum(['all', 'not_started', 'draft', 'submitted']);
export type ReviewStatusFilter = z.infer<typeof reviewStatusFilter>;

export const REVIEW_LIST_LIMIT = 1000;
/** All Reviews counts its rows up to this many; beyond, the total is shown as "1,000+". */
export const REVIEW_TOTAL_CAP = 1000;

export const reviewsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  mine: z.enum(['true', 'false']).optional(),
  status: reviewStatusFilter.default('all'),
  program_id: uuid('Program ids must be UUIDs.').optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_LIST_LIMIT).default(REVIEW_LIST_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** The `next_cursor` of the previous page (keyset pagination: no rows are skipped and recounted). */
  cursor: z.string().max(200).optional(),
});
export type ReviewsQuery = z.output<typeof reviewsQuery>;

/**
 * The inbox's filters beyond its view (decision 066), shared by the inbox, its downloads and the
 * invitation to the next stage: a stage, a minimum score and a decision.
 */
export const inboxNarrowingFields = {
  /** Applications of programs at this stage (1: stage 1 and every program without stages). */
  stage: z.coerce
    .number({ message: 'Give a stage number.' })
    .int('Give a stage number.')
    .min(1, 'Give a stage number.')
    .max(MAX_STAGES, `A program has at most ${MAX_STAGES} stages.`)
    .optional(),
  /** At least this score: the mean of the submitted score sheets, else the shared review's score. */
  min_score: z.coerce
    .number({ message: 'Give a score.' })
    .min(0, 'Give a score of 0 or more.')
    .max(1_000_000, 'Give a smaller score.')
    .optional(),
  /** The review's decision ("shortlist"), in any case. */
  decision: z.string().trim().min(1, 'Choose a decision.').max(500).optional(),
};
export interface InboxNarrowing {
  stage?: number;
  min_score?: number;
  decision?: string;
}

export const orgReviewsQuery = z.object({
  ...inboxNarrowingFields,
  status: z.enum(inboxStatuses).default('all'),
  /** One program of the organization (the inbox's program filter and the dashboard's links). */
  program_id: uuid('Program ids must be UUIDs.').optional(),
  /** Only applications submitted after this time (the admin home's "new since your last visit"). */
  submitted_since: z.iso.datetime({ offset: true, message: 'Give a date and time.' }).optional(),
});

/** Review detail (the Applicant Responses panel and the Review panel). */
export const reviewDetailSchema = z.object({
  application: z.object({
    id: z.string(),
    program_id: z.string(),
    program_name: z.string(),
    organization_name: z.string(),
    status: z.string(),
    applicant_id: z.string().nullable(),
    applicant_name: z.string().nullable(),
    identity_hidden: z.boolean(),
    applicant_number: z.number().int().nullable(),
    submitted_at: z.string().nullable(),
    updated_at: z.string(),
    /** Changes requested of the applicant until this time, with the message (decision 063). */
    changes_due_at: z.string().nullable().optional(),
    changes_message: z.string().nullable().optional(),
    /** How many versions were submitted (2 and more: resubmitted after a change request). */
    submission_version: z.number().int().optional(),
  }),
  applicant_answers: z.record(z.string(), z.unknown()),
  application_schema: applicationFormSchema,
  profile_snapshot: z.record(z.string(), z.unknown()).nullable(),
  /** The shared review; in independent scoring, the final decision (shown to the program's admins only). */
  review: reviewSchema.nullable(),
  reviewer_form: reviewerFormSchema,
  review_mode: z.enum(reviewModes),
  can_admin: z.boolean(),
  /** The applicant's eligibility screening answers (decision 061), for the program's admins; else null. */
  screening_answers: z
    .array(z.object({ question: z.string(), answer: z.string() }))
    .nullable()
    .optional(),
  /** A later stage's application (decision 066): the previous stage's answers, for its reviewers and admins. */
  previous_stage: previousStageSchema.nullable().optional(),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

export const MAX_COMMENTS = 20_000;
export const MAX_RATINGS_JSON = 20_000;

/**
 * A review write. Omitted fields keep their value; null clears. `version` is the version the editor
 * started from (0 when there was no review yet): a stale one answers 409 with the current review.
 */
export const saveReviewInput = z.object({
  score: z
    .number()
    .min(SCORE_MIN, SCORE_RANGE_MESSAGE)
    .max(SCORE_MAX, SCORE_RANGE_MESSAGE)
    .nullable()
    .optional(),
  comments: z
    .string()
    .max(MAX_COMMENTS, `Comments are limited to ${MAX_COMMENTS} characters.`)
    .nullable()
    .optional(),
  ratings: z
    .record(z.string(), z.unknown())
    .refine((r) => JSON.stringify(r).length <= MAX_RATINGS_JSON, 'The ratings are too large.')
    .optional(),
  version: z.number().int().min(0),
  /** Finalize: the review becomes submitted ('finalized') and can no longer change. */
  finalize: z.boolean().optional(),
});
export type SaveReviewInput = z.input<typeof saveReviewInput>;

/** The 409 body of a stale or locked write: the usual error plus the review as it now is. */
export const reviewConflictSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  review: reviewSchema.nullable(),
});

/** Reviewer landing cards: per program, submitted applications and those still to review. */
export const pendingCountsSchema = z.object({
  items: z.array(
    z.object({
      program_id: z.string(),
      org_id: z.string(),
      pending: z.number(),
      submitted: z.number(),
      mode: z.enum(reviewModes),
      can_admin: z.boolean(),
      /** Independent scoring: the caller's assigned sheets not yet submitted ("N to score"). */
      to_score: z.number(),
    }),
  ),
});
export type PendingCounts = z.infer<typeof pendingCountsSchema>;
