import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { text } from './text';

export const questionTypes = ['short_text', 'long_text', 'date', 'select', 'checkbox', 'file'] as const;
export const profileSectionKeys = ['personal', 'family', 'writing', 'experience'] as const;

export const questionSchema = z.object({
  key: text(LIMITS.key).min(1),
  type: z.enum(questionTypes),
  label: text(LIMITS.label),
  /** Help text shown to applicants under the question's label. */
  help: text(LIMITS.help).optional(),
  required: z.boolean().default(false),
  maxWords: z.number().int().positive().max(LIMITS.longText).optional(),
  maxLength: z.number().int().positive().max(LIMITS.longText).optional(),
  options: z.array(text(LIMITS.option)).max(LIMITS.options).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** The user-defined application form of a program (stored as JSON). */
export const applicationFormSchema = z.object({
  questions: z.array(questionSchema).max(LIMITS.questions).default([]),
  common: z
    .object({ applyhub: z.boolean().default(false), coalition: z.boolean().default(false) })
    .default({ applyhub: false, coalition: false }),
  profile: z
    .object({
      enabled: z.boolean().default(false),
      sections: z
        .object({
          personal: z.boolean().optional(),
          family: z.boolean().optional(),
          writing: z.boolean().optional(),
          experience: z.boolean().optional(),
        })
        .default({}),
    })
    .default({ enabled: false, sections: {} }),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

export const emptyApplicationForm = (): ApplicationForm => ({
  questions: [],
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
});

export const reviewerFormSchema = z.object({
  show_score: z.boolean().default(true),
  show_comments: z.boolean().default(true),
  show_decision: z.boolean().default(false),
  decision_options: z
    .array(text(LIMITS.option))
    .max(LIMITS.options)
    .default(['accept', 'waitlist', 'reject']),
});
export type ReviewerForm = z.infer<typeof reviewerFormSchema>;
