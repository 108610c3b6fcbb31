import { z } from 'zod';

export const questionTypes = ['short_text', 'long_text', 'date', 'select', 'checkbox', 'file'] as const;
export const profileSectionKeys = ['personal', 'family', 'writing', 'experience'] as const;

export const questionSchema = z.object({
  key: z.string().min(1),
  type: z.enum(questionTypes),
  label: z.string(),
  /** Help text shown to applicants under the question's label. */
  help: z.string().max(500).optional(),
  required: z.boolean().default(false),
  maxWords: z.number().int().positive().optional(),
  maxLength: z.number().int().positive().optional(),
  options: z.array(z.string()).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** The user-defined application form of a program (stored as JSON). */
export const applicationFormSchema = z.object({
  questions: z.array(questionSchema).default([]),
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
  decision_options: z.array(z.string()).default(['accept', 'waitlist', 'reject']),
});
export type ReviewerForm = z.infer<typeof reviewerFormSchema>;
