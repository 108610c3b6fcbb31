import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { reviewStatuses } from '../domain/programs';
import { MAX_INVITATION_MESSAGE, MAX_STAGE_INVITATIONS, stageMessages } from '../domain/stages';
import { inboxStatuses } from './reviews';
import { text } from './text';

/** POST /programs/{id}/stages: the next stage, a draft program of the same organization. */
export const addStageInput = z.object({
  /** Its name ("Full proposal"); default "Stage n". */
  name: text(LIMITS.name).trim().optional(),
  /** Start from the previous stage's reviewer form (nothing else is copied). */
  copy_reviewer_form: z.boolean().default(false),
  /** Its reviewers see the previous stage's aggregate score and decision. */
  show_previous_scores: z.boolean().default(false),
});
export type AddStageInput = z.input<typeof addStageInput>;
export type AddStageRequest = z.output<typeof addStageInput>;

/** PUT /programs/{id}/stage-settings: a later stage's own settings. */
export const stageSettingsInput = z.object({
  /** Its reviewers see the previous stage's aggregate score and decision. */
  show_previous_scores: z.boolean(),
});
export type StageSettingsInput = z.infer<typeof stageSettingsInput>;

/** One stage of a program's chain. */
export const stageSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage_number: z.number().int(),
  review_status: z.enum(reviewStatuses),
  published: z.boolean(),
  open_at: z.string().nullable(),
  close_at: z.string().nullable(),
  show_previous_scores: z.boolean(),
  /** Invitations to this stage not withdrawn (0 for stage 1). */
  invited: z.number().int(),
  deleted_at: z.string().nullable(),
});
export type Stage = z.infer<typeof stageSchema>;

/** The chain, stage 1 first. */
export const stageListSchema = z.object({ items: z.array(stageSchema) });
export type StageList = z.infer<typeof stageListSchema>;

/** Which of the previous stage's applications to invite: named ones, or an inbox view (and narrower). */
export const invitationFilterSchema = z.object({
  /** An Applications Inbox view (only submitted applications are ever invited). */
  view: z.enum(inboxStatuses).default('all'),
  /** The shared review's decision ("shortlist"). */
  decision: text(LIMITS.line).trim().min(1).optional(),
  /** At least this score: the mean of submitted score sheets, or the shared review's score. */
  min_score: z.number().min(0).max(1_000_000).optional(),
  /** Only applications submitted after this time (the inbox's "new since your last visit"). */
  submitted_since: z.iso.datetime({ offset: true, message: 'Give a date and time.' }).optional(),
});

export const inviteInput = z
  .object({
    application_ids: z
      .array(z.string().uuid('Application ids must be UUIDs.'))
      .min(1, stageMessages.chooseApplicants)
      .max(MAX_STAGE_INVITATIONS, `Invite at most ${MAX_STAGE_INVITATIONS.toLocaleString('en-US')} at once.`)
      .optional(),
    filter: invitationFilterSchema.optional(),
    message: text(MAX_INVITATION_MESSAGE).trim().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.application_ids === !v.filter)
      ctx.addIssue({ code: 'custom', path: ['application_ids'], message: stageMessages.chooseApplicants });
  });
export type InviteInput = z.input<typeof inviteInput>;
export type InviteRequest = z.output<typeof inviteInput>;

export const inviteResultSchema = z.object({
  stage: z.object({ id: z.string(), name: z.string(), stage_number: z.number().int() }),
  /** New invitations (a draft and an email each). */
  invited: z.number().int(),
  /** Already invited before (not again: idempotent). */
  already_invited: z.number().int(),
  /** Named or matched but not invitable: not a submitted application of this stage (a draft, withdrawn). */
  skipped: z.number().int(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  from_application_id: z.string(),
  application_id: z.string(),
  stage_program_id: z.string(),
  applicant_name: z.string().nullable(),
  status: z.enum(['invited', 'submitted', 'withdrawn']),
  invited_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ items: z.array(invitationSchema), total: z.number().int() });
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const invitationIdParam = z.object({ id: z.string().uuid('Invitation ids must be UUIDs.') });

// The previous stage as a later stage's reviewers read it: beside the review detail's schema too.
export { type PreviousStage, previousStageSchema } from './previous-stage';

/** A later stage on the applicant's stage-1 card (My Submissions). */
export const stageLineSchema = z.object({
  program_id: z.string(),
  application_id: z.string(),
  name: z.string(),
  stage_number: z.number().int(),
  status: z.enum(['invited', 'submitted', 'withdrawn']),
  due: z.string().nullable(),
});
export type StageLine = z.infer<typeof stageLineSchema>;
