import { z } from 'zod';
import { applicationFormSchema } from './forms';

/**
 * The previous stage as a later stage's reviewers (and its admins) read it, beside the application:
 * GET /applications/{id} and GET /applications/{id}/review (decision 066).
 */
export const previousStageSchema = z.object({
  application_id: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  stage_number: z.number().int(),
  form: applicationFormSchema,
  answers: z.record(z.string(), z.unknown()),
  submitted_at: z.string().nullable(),
  /** Only when the later stage shows previous scores: the aggregate score and the decision. */
  scores: z.object({ score: z.number().nullable(), decision: z.string().nullable() }).nullable(),
});
export type PreviousStage = z.infer<typeof previousStageSchema>;
