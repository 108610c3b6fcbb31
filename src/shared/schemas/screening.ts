import { z } from 'zod';

/** An applicant's answers to a program's eligibility screening (decision 061). */
export const screeningAnswersInput = z.object({
  answers: z.record(z.string().max(64), z.unknown()),
});
export type ScreeningAnswersInput = z.infer<typeof screeningAnswersInput>;

/**
 * The outcome: passed, with the application (started or continued); or not, with the program's
 * message (and no application).
 */
export const screeningOutcomeSchema = z.object({
  passed: z.boolean(),
  message: z.string().nullable(),
  application_id: z.string().nullable(),
});
export type ScreeningOutcomeResult = z.infer<typeof screeningOutcomeSchema>;

/** The screening's numbers on the program dashboard: answers to the current screening only. */
export const screeningStatsSchema = z.object({
  passed: z.number().int(),
  screened_out: z.number().int(),
  /** Each pass rule in words, with how many screened-out applicants it failed. */
  by_rule: z.array(z.object({ rule: z.string(), failed: z.number().int() })),
});
export type ScreeningStats = z.infer<typeof screeningStatsSchema>;
