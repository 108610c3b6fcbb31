import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { text } from './text';

/** The spec's six question types. */
export const specQuestionTypes = ['short_text', 'long_text', 'date', 'select', 'checkbox', 'file'] as const;

export const questionTypes = [
  ...specQuestionTypes,
  // Issue 29 item 3: added around the spec's six.
  'number',
  'yes_no',
  'email',
  'url',
  'multi_select',
  /** A heading and a paragraph of instructions: no answer. */
  'content',
] as const;
export const profileSectionKeys = ['personal', 'family', 'writing', 'experience'] as const;

/** The comparisons of a "Show only if" rule (decision 057). */
export const ruleOps = ['equals', 'one_of', 'not', 'at_least', 'at_most'] as const;

/** One rule: an earlier question's answer compared with a value picked from that question. */
export const conditionRuleSchema = z.object({
  question: text(LIMITS.key).min(1),
  op: z.enum(ruleOps),
  value: z.union([
    text(LIMITS.option),
    z.number().finite(),
    z.boolean(),
    z.array(text(LIMITS.option)).min(1).max(LIMITS.options),
  ]),
});
export type ConditionRule = z.infer<typeof conditionRuleSchema>;

/** "Show only if": rules joined by all (every rule holds) or any (at least one holds). */
export const conditionSchema = z.object({
  join: z.enum(['all', 'any']).default('all'),
  rules: z.array(conditionRuleSchema).min(1).max(LIMITS.conditionRules),
});
export type Condition = z.infer<typeof conditionSchema>;

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
  /** Number questions: whole numbers only, the smallest and largest allowed, the unit shown after the field. */
  integer: z.boolean().optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  unit: text(LIMITS.unit).optional(),
  /** Multiple select: how many options the applicant must and may choose. */
  minChoices: z.number().int().min(0).max(LIMITS.options).optional(),
  maxChoices: z.number().int().min(1).max(LIMITS.options).optional(),
  /** Shown only when this condition on earlier questions holds; absent: always shown. */
  showIf: conditionSchema.optional(),
  /** The key of the form's section (page) the question is on; absent when the form has no sections. */
  section: text(LIMITS.key).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** A section (page) of the form: the applicant fills one at a time (issue 29 item 4). */
export const sectionSchema = z.object({
  key: text(LIMITS.key).min(1),
  title: text(LIMITS.name),
});
export type Section = z.infer<typeof sectionSchema>;

/** The user-defined application form of a program (stored as JSON). */
export const applicationFormSchema = z.object({
  questions: z.array(questionSchema).max(LIMITS.questions).default([]),
  /** Sections in order; absent or empty: one page, as before. */
  sections: z.array(sectionSchema).max(LIMITS.sections).optional(),
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
