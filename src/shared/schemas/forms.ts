import { z } from 'zod';
import { MAX_LETTERS, MAX_RATINGS, MAX_RECOMMENDER_QUESTIONS } from '../domain/letters';
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
  /** Rows of columns the admin defines (decision 060). */
  'table',
  /** Issue 30: letters of recommendation written by others (decision 065); no answer of the applicant's. */
  'reference_letter',
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

/** The kinds of a table question's column. */
export const tableColumnTypes = ['text', 'number', 'date'] as const;

/** One column of a table question: its key in each row, its heading, what its cells hold. */
export const tableColumnSchema = z.object({
  key: text(LIMITS.key).min(1),
  label: text(LIMITS.name),
  type: z.enum(tableColumnTypes),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

/** A question the recommender answers beside the letter (reference_letter questions; decision 065). */
export const recommenderQuestionSchema = z.object({
  key: text(LIMITS.key).min(1),
  type: z.enum(['short_text', 'long_text', 'rating']),
  label: text(LIMITS.label),
  required: z.boolean().default(false),
  /** A rating's choices (e.g. Excellent, Good, Fair). */
  options: z.array(text(LIMITS.option)).max(MAX_RATINGS).optional(),
});
export type RecommenderQuestion = z.infer<typeof recommenderQuestionSchema>;

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
  /** Table questions (decision 060): the columns, the fewest and most rows, the number column totalled. */
  columns: z.array(tableColumnSchema).max(LIMITS.tableColumns).optional(),
  minRows: z.number().int().min(0).max(LIMITS.tableRows).optional(),
  maxRows: z.number().int().min(1).max(LIMITS.tableRows).optional(),
  totalColumn: text(LIMITS.key).optional(),
  /** Shown only when this condition on earlier questions holds; absent: always shown. */
  showIf: conditionSchema.optional(),
  /** The key of the form's section (page) the question is on; absent when the form has no sections. */
  section: text(LIMITS.key).optional(),
  /** Reference letters (decision 065): how many must be submitted and may be requested (at most 5). */
  minLetters: z.number().int().min(1).max(MAX_LETTERS).optional(),
  maxLetters: z.number().int().min(1).max(MAX_LETTERS).optional(),
  /** Shown to the recommender on the letter page. */
  instructions: text(LIMITS.longText).optional(),
  /** What the recommender provides: a typed letter, an uploaded PDF, or either. */
  provides: z.enum(['text', 'file', 'either']).optional(),
  recommenderQuestions: z.array(recommenderQuestionSchema).max(MAX_RECOMMENDER_QUESTIONS).optional(),
  /** Letters may still arrive after the program closes, until lettersUntil (ISO time) when set. */
  lettersAfterClose: z.boolean().optional(),
  lettersUntil: z.string().datetime({ offset: true }).optional(),
  /** The application may be submitted before its letters are in (default true). */
  submitBeforeLetters: z.boolean().optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** A section (page) of the form: the applicant fills one at a time (issue 29 item 4). */
export const sectionSchema = z.object({
  key: text(LIMITS.key).min(1),
  title: text(LIMITS.name),
  /** Shown only when this condition on questions of earlier sections holds; absent: always shown. */
  showIf: conditionSchema.optional(),
});
export type Section = z.infer<typeof sectionSchema>;

/** The kinds of question a screening step may ask (issue 29 item 2, decision 061). */
export const screeningQuestionTypes = ['select', 'yes_no', 'number', 'date'] as const;

/**
 * A pass rule of the screening: the condition language (decision 057) plus, for a date question,
 * `as: 'age_at_close'`: the applicant's age in whole years at the program's close date.
 */
export const screeningRuleSchema = conditionRuleSchema.extend({
  as: z.literal('age_at_close').optional(),
});
export type ScreeningRule = z.infer<typeof screeningRuleSchema>;

/** Eligibility screening: a few questions asked before the application, and the rules to pass. */
export const screeningSchema = z.object({
  questions: z.array(questionSchema).max(LIMITS.screeningQuestions),
  pass: z.object({
    join: z.enum(['all', 'any']).default('all'),
    rules: z.array(screeningRuleSchema).max(LIMITS.conditionRules),
  }),
  /** What an applicant who does not pass reads; absent: the default message. */
  failMessage: text(LIMITS.help).optional(),
});
export type Screening = z.infer<typeof screeningSchema>;

/** The user-defined application form of a program (stored as JSON). */
export const applicationFormSchema = z.object({
  questions: z.array(questionSchema).max(LIMITS.questions).default([]),
  /** Sections in order; absent or empty: one page, as before. */
  sections: z.array(sectionSchema).max(LIMITS.sections).optional(),
  /** Eligibility screening before the application; absent: none (decision 061). */
  screening: screeningSchema.optional(),
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
