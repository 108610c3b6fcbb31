import { z } from 'zod';
import { applicationStatuses } from '../domain/applications';
import { changeRequestMessages, MAX_CHANGE_MESSAGE, MAX_CHANGE_REQUEST_IDS } from '../domain/change-requests';
import { LIMITS, tooLongMessage } from '../domain/limits';
import { applicationFormSchema } from './forms';
import { previousStageSchema, stageLineSchema } from './stages';
import { text } from './text';

const uuid = z.string().uuid('Application ids must be UUIDs.');
export const applicationIdParam = z.object({ id: uuid });

/** The whole answer map, as the page holds it, and the version it was based on. */
export const answersInput = z.object({
  answers: z.record(
    text(LIMITS.key),
    z
      .unknown()
      .refine((v) => typeof v !== 'string' || v.length <= LIMITS.longText, tooLongMessage(LIMITS.longText)),
  ),
  version: z.number().int(),
});
export type AnswersInput = z.infer<typeof answersInput>;

export const windowStates = ['not_open', 'open', 'closed'] as const;

export const applicationProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  organization_name: z.string(),
  organization_slug: z.string(),
  open_at: z.string().nullable(),
  close_at: z.string().nullable(),
  /** Decided by the server's clock. */
  window: z.enum(windowStates),
  /** The live form. */
  form: applicationFormSchema,
});

/** The autofilled profile block: the live profile before submission, the stored snapshot after. */
export const profileBlockSchema = z.object({
  source: z.enum(['live', 'snapshot']),
  /** Profile fields by their API names (null when missing); files as File info. */
  data: z.record(z.string(), z.unknown()).nullable(),
  snapshot_at: z.string().nullable(),
});
export type ProfileBlock = z.infer<typeof profileBlockSchema>;

export const changeScopeSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({
    question_keys: z.array(text(LIMITS.key)).max(LIMITS.questions),
    section_keys: z.array(text(LIMITS.key)).max(LIMITS.sections),
  }),
]);

export const changeRequestStateSchema = z.object({
  organization_name: z.string(),
  message: z.string(),
  due_at: z.string(),
  requested_at: z.string(),
  scope: changeScopeSchema,
  /** The keys of the questions the applicant may change. */
  unlocked: z.array(z.string()),
});
export type ChangeRequestState = z.infer<typeof changeRequestStateSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  answers: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** 'owner' for the applicant, 'reviewer' for the reviewers and admins of its program. */
  role: z.enum(['owner', 'reviewer']),
  /** The applicant may change the answers now (window open, draft or submitted). */
  editable: z.boolean(),
  program: applicationProgramSchema,
  profile: profileBlockSchema.nullable(),
  /** Decision 061: the owner's draft needs a pass of the program's current screening first. */
  screening_required: z.boolean().optional(),
  /** Decision 061: the applicant's eligibility screening answers, for the program's admins. */
  screening_answers: z
    .array(z.object({ question: z.string(), answer: z.string() }))
    .nullable()
    .optional(),
  /**
   * Programs in stages (decision 066): the previous stage of a later stage's application, as its
   * reviewers may read it (null for its applicant, and for an application of stage 1).
   */
  previous_stage: previousStageSchema.nullable().optional(),
  /** The applicant was invited to the next stage: this application is read-only. */
  stage_locked: z.boolean().optional(),
  /** Withdrawn by the applicant (issue 31): when, and their reason if they gave one. */
  withdrawal: z.object({ at: z.string(), reason: z.string().nullable() }).nullable().optional(),
  /** The deadline that applies to this applicant (shared/domain/deadlines; issue 31). */
  deadline: z
    .object({
      close_at: z.string().nullable(),
      personal: z.boolean(),
      note: z.string().nullable(),
      grace_until: z.string().nullable(),
      /** Submitted during the grace period or through a late-submission link. */
      late: z.boolean(),
      /** `grace_until` is the expiry of a late-submission link the applicant opened (decision 064). */
      link: z.boolean().optional(),
    })
    .optional(),
  /**
   * An open change request (decision 063): who asks, the message, the due date and the questions the
   * applicant may change (`unlocked`); null when none is open (none asked, resubmitted, or due passed).
   */
  change_request: changeRequestStateSchema.nullable().optional(),
  /** How many versions were submitted (0: never submitted). */
  submission_version: z.number().int().optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const savedAnswersSchema = z.object({
  answers: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  status: z.enum(applicationStatuses),
  updated_at: z.string(),
});
export type SavedAnswers = z.infer<typeof savedAnswersSchema>;

/** 409 on a stale version: the server's answers and version, so the client can merge. */
export const staleAnswersSchema = z.object({
  error: z.object({ code: z.literal('conflict'), message: z.string() }),
  current: z.object({ answers: z.record(z.string(), z.unknown()), version: z.number().int() }),
});
export type StaleAnswers = z.infer<typeof staleAnswersSchema>;

/** 422 on a refused submit: the answers were saved; the problems to show (required, profile). */
export const submitRefusedSchema = z.object({
  error: z.object({ code: z.literal('invalid'), message: z.string() }),
  problems: z.object({ required: z.array(z.string()), profile: z.array(z.string()) }),
  current: z.object({ answers: z.record(z.string(), z.unknown()), version: z.number().int() }),
});
export type SubmitRefused = z.infer<typeof submitRefusedSchema>;

/** The spec's public_get_program_from_app_id: never answers or applicant data. */
export const applicationPreviewSchema = z.object({
  program_id: z.string(),
  program_name: z.string(),
  program_description: z.string().nullable(),
  organization_name: z.string(),
  application_schema: applicationFormSchema,
  open_at: z.string().nullable(),
  close_at: z.string().nullable(),
});
export type ApplicationPreview = z.infer<typeof applicationPreviewSchema>;

export const mySubmissionSchema = z.object({
  id: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  organization_name: z.string(),
  status: z.enum(applicationStatuses),
  submitted_at: z.string().nullable(),
  updated_at: z.string(),
  /** The published result, when there is one: its decision only when the decision was sent. */
  result: z.object({ decision: z.string().nullable(), published_at: z.string() }).nullable(),
  /** An open change request (decision 063): the banner on the card. */
  change_request: z
    .object({ organization_name: z.string(), message: z.string(), due_at: z.string() })
    .nullable()
    .optional(),
  /** The later stages the applicant was invited to (decision 066), stage 2 first. */
  stages: z.array(stageLineSchema).optional(),
});
export type MySubmission = z.infer<typeof mySubmissionSchema>;

/** An application still in progress (a draft) of a live program, with its window. */
export const myDraftSchema = z.object({
  id: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  organization_name: z.string(),
  open_at: z.string().nullable(),
  close_at: z.string().nullable(),
  updated_at: z.string(),
});
export type MyDraft = z.infer<typeof myDraftSchema>;

/** Withdraw (issue 31 item 5): an optional reason for the organization. */
export const withdrawInput = z.object({
  reason: z.string().max(LIMITS.line, tooLongMessage(LIMITS.line)).optional(),
});
export type WithdrawInput = z.infer<typeof withdrawInput>;

export const withdrawStateSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  withdrawn_at: z.string().nullable(),
});
export type WithdrawState = z.infer<typeof withdrawStateSchema>;

/** An admin sets (or, with null, removes) a personal close time on one or a few applications. */
export const personalDeadlineInput = z.object({
  application_ids: z.array(uuid).min(1).max(100),
  close_at: z.string().datetime({ offset: true }).nullable(),
  note: z.string().max(LIMITS.line, tooLongMessage(LIMITS.line)).optional(),
});
export type PersonalDeadlineInput = z.infer<typeof personalDeadlineInput>;
export const personalDeadlineResultSchema = z.object({ updated: z.number().int() });

/** The program-wide grace period: minutes after close (0: off). */
export const gracePeriodInput = z.object({ minutes: z.number().int().min(0).max(1440) });
export const gracePeriodSchema = z.object({ minutes: z.number().int() });

/** Request changes (issue 31 item 1; decision 063): on 1–100 submitted applications of the program. */
export const changeRequestInput = z.object({
  application_ids: z.array(uuid).min(1).max(MAX_CHANGE_REQUEST_IDS),
  message: z
    .string()
    .trim()
    .min(1, changeRequestMessages.messageRequired)
    .max(MAX_CHANGE_MESSAGE, tooLongMessage(MAX_CHANGE_MESSAGE)),
  due_at: z.string().datetime({ offset: true }),
  scope: changeScopeSchema,
});
export type ChangeRequestInput = z.infer<typeof changeRequestInput>;
export const changeRequestResultSchema = z.object({ updated: z.number().int() });

const diffPartSchema = z.object({ kind: z.enum(['removed', 'added', 'same']), text: z.string() });

/** The submitted versions of an application and what changed in the latest (decision 063). */
export const applicationVersionsSchema = z.object({
  current: z.number().int(),
  total: z.number().int(),
  items: z.array(z.object({ number: z.number().int(), submitted_at: z.string() })),
  /** The latest version against the one before (null with one version). */
  diff: z
    .object({
      from: z.number().int(),
      to: z.number().int(),
      questions: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          type: z.string(),
          change: z.enum(['added', 'removed', 'changed']),
          parts: z.array(diffPartSchema),
        }),
      ),
    })
    .nullable(),
  /** A reviewer's review or score sheet was saved before the latest version. */
  changed_since_scored: z.boolean(),
});
export type ApplicationVersions = z.infer<typeof applicationVersionsSchema>;
