import { z } from 'zod';

export const visibilitySchema = z.object({
  decision: z.boolean(),
  score: z.boolean(),
  comments: z.boolean(),
  customMessage: z.string().nullable(),
});

export const payloadSchema = z.object({
  decision: z.string().nullable(),
  score: z.number().nullable(),
  comments: z.string().nullable(),
});

/** A card of the Publish Results gallery: a published program with its counts. */
export const publishProgramCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  finalized_count: z.number().int(),
  published_count: z.number().int(),
  /** A stage of a program in stages (decision 066): its number and stage 1's name; null otherwise. */
  stage: z.object({ stage_number: z.number().int(), program_name: z.string() }).nullable().optional(),
});
export type PublishProgramCard = z.infer<typeof publishProgramCardSchema>;

/** Spec 001 §3 Publish queue item. */
export const publishQueueItemSchema = z.object({
  application_id: z.string(),
  program_name: z.string(),
  applicant_name: z.string().nullable(),
  decision: z.string().nullable(),
  score: z.number().nullable(),
  comments: z.string().nullable(),
  review_finalized_at: z.string().nullable(),
  already_published: z.boolean(),
});
export type PublishQueueItem = z.infer<typeof publishQueueItemSchema>;

/**
 * A program in stages (decision 066), as its publish page tells it: the applicants of this stage
 * invited to the next one get their result from that stage, so they are not in this queue.
 */
export const resultStageSchema = z.object({
  stage_number: z.number().int(),
  /** Stage 1's name: the program the applicant applied to. */
  program_name: z.string(),
  /** The next stage, when there is one. */
  next: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** This stage's applicants invited to the next stage (invitation not withdrawn). */
  invited_onward: z.number().int(),
});

export const publishQueueSchema = z.object({
  program: z.object({ id: z.string(), name: z.string(), organization_slug: z.string() }),
  /** Null for a program without stages. */
  stage: resultStageSchema.nullable(),
  /** The 'What to send' defaults: the spec's, overridden by the program's saved reviewer form. */
  default_visibility: visibilitySchema,
  items: z.array(publishQueueItemSchema),
  total: z.number().int(),
});
export type PublishQueue = z.infer<typeof publishQueueSchema>;

/** Most ids one 'Publish selected' call may name. */
export const MAX_SELECTED = 10_000;

/** 'What to send' as a call gives it: missing fields take the program's defaults. */
const visibilityInput = z.object({
  decision: z.boolean().optional(),
  score: z.boolean().optional(),
  comments: z.boolean().optional(),
  customMessage: z.string().max(5000).nullable().optional(),
});

export const publishInput = z
  .object({
    mode: z.enum(['all_finalized', 'selected']),
    application_ids: z.array(z.string().uuid('Application ids must be UUIDs.')).max(MAX_SELECTED).optional(),
    /** Missing fields take the program's defaults; an empty custom message becomes null. */
    visibility: visibilityInput.optional(),
    /** Default true. Publications are never changed once made; false also lists the ones already published. */
    only_unpublished: z.boolean().optional(),
  })
  .refine((v) => v.mode !== 'selected' || (v.application_ids?.length ?? 0) > 0, {
    message: 'Select at least one result to publish.',
    path: ['application_ids'],
  });
export type PublishInput = z.input<typeof publishInput>;

/**
 * Correct what was sent: the new 'What to send' applied to published results of the program (the
 * given application ids, or every published one). Missing visibility fields take the defaults.
 */
export const updatePublishedInput = z.object({
  application_ids: z
    .array(z.string().uuid('Application ids must be UUIDs.'))
    .min(1, 'Select at least one published result.')
    .max(MAX_SELECTED)
    .optional(),
  visibility: visibilityInput,
});
export type UpdatePublishedInput = z.input<typeof updatePublishedInput>;

export const updatePublishedResultSchema = z.object({
  message: z.string(),
  /** How many published results now show the new visibility. */
  updated: z.number().int(),
});
export type UpdatePublishedResult = z.infer<typeof updatePublishedResultSchema>;

export const publishedItemSchema = z.object({
  publication_id: z.string(),
  application_id: z.string(),
  applicant_name: z.string().nullable(),
  published_at: z.string(),
  /** Published before this call (publishing again changes nothing). */
  already_published: z.boolean(),
});

export const publishResultSchema = z.object({
  message: z.string(),
  /** How many results this call published. */
  published: z.number().int(),
  items: z.array(publishedItemSchema),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/** Spec 001 §3 Published result: the applicant's view (hidden fields are null, never sent). */
export const publishedResultSchema = z.object({
  publication_id: z.string(),
  /** The program applied to (stage 1's name for a later stage's result). */
  program_name: z.string(),
  /** A later stage's result (decision 066): that stage's name and number; otherwise null. */
  stage: z.object({ name: z.string(), stage_number: z.number().int() }).nullable().optional(),
  published_at: z.string(),
  visibility: visibilitySchema,
  payload: payloadSchema,
});
export type PublishedResult = z.infer<typeof publishedResultSchema>;

/**
 * The publish confirmation's email preview and test copy (issue 19): what a publish call with this
 * selection and 'What to send' would email, shown for one applicant of it (`preview_application_id`,
 * else the first).
 */
export const publishPreviewInput = z.object({
  mode: z.enum(['all_finalized', 'selected']),
  application_ids: z.array(z.string().uuid('Application ids must be UUIDs.')).max(MAX_SELECTED).optional(),
  visibility: visibilityInput.optional(),
  preview_application_id: z.string().uuid('Application ids must be UUIDs.').optional(),
});
export type PublishPreviewInput = z.input<typeof publishPreviewInput>;
