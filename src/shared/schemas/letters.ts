import { z } from 'zod';
import { LETTER_ANSWER_MAX, LETTER_TEXT_MAX, letterStates } from '../domain/letters';
import { LIMITS } from '../domain/limits';
import { recommenderQuestionSchema } from './forms';
import { text } from './text';

const uuid = z.string().uuid();

export const letterRequestParams = z.object({ id: uuid, requestId: uuid });
/** A letter link's token: 32 random bytes, base64url (43 characters). */
/**
 * Any short string: a link that is not one of ours is simply not found (404, like a tampered one), so a
 * malformed token does not answer differently, and a refused body is reported (415) before the link.
 */
export const letterTokenParam = z.object({
  token: z.string().min(1).max(100),
});

export const letterRequestInput = z.object({
  question_key: text(LIMITS.key).min(1),
  name: text(LIMITS.name).trim().min(1, 'Enter the recommender’s name.'),
  email: z.string().trim().max(LIMITS.email).email('Enter an email address such as name@example.com.'),
  relationship: text(LIMITS.name).trim().default(''),
  message: text(2_000).trim().default(''),
});
export type LetterRequestInput = z.input<typeof letterRequestInput>;

/** A request as its applicant sees it: who and in which state — never the letter. */
export const letterRequestSchema = z.object({
  id: z.string(),
  question_key: z.string(),
  name: z.string(),
  email: z.string(),
  relationship: z.string(),
  state: z.enum(letterStates),
  created_at: z.string(),
  last_sent_at: z.string(),
  last_reminder_at: z.string().nullable(),
  /** When it may be sent again (null: now, if it is still pending). */
  resend_at: z.string().nullable(),
});
export type LetterRequest = z.infer<typeof letterRequestSchema>;

export const letterQuestionStatusSchema = z.object({
  key: z.string(),
  label: z.string(),
  min_letters: z.number().int(),
  max_letters: z.number().int(),
  submitted: z.number().int(),
  submit_before_letters: z.boolean(),
  /** When letters stop being accepted (null: no deadline). */
  deadline: z.string().nullable(),
});

export const myLetterRequestsSchema = z.object({
  items: z.array(letterRequestSchema),
  questions: z.array(letterQuestionStatusSchema),
  /** The most requests this application may make (cancelled ones do not count). */
  cap: z.number().int(),
  /** Whether requests may be made now (not withdrawn, before the letter deadline). */
  can_request: z.boolean(),
});
export type MyLetterRequests = z.infer<typeof myLetterRequestsSchema>;

/** A letter as the program's staff read it (through the read gate). */
export const staffLetterSchema = letterRequestSchema.extend({
  message: z.string(),
  decline_reason: z.string().nullable(),
  text: z.string().nullable(),
  file_name: z.string().nullable(),
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
  submitted_at: z.string().nullable(),
  /** Uploaded by an admin on the recommender's behalf: their name. */
  submitted_by: z.string().nullable(),
  /** The recommender stopped this request's reminders (the "Stop reminders" link in its emails). */
  reminders_off: z.boolean(),
});
export type StaffLetter = z.infer<typeof staffLetterSchema>;

export const staffLettersSchema = z.object({
  /** A blind program whose admin has not allowed letters: only the counts. */
  hidden: z.boolean(),
  items: z.array(staffLetterSchema),
  questions: z.array(letterQuestionStatusSchema),
  /** Administers the program: may resend and upload on the recommender's behalf. */
  admin: z.boolean(),
});
export type StaffLetters = z.infer<typeof staffLettersSchema>;

export const letterSettingsSchema = z.object({ blind_reviewers_see_letters: z.boolean() });
export type LetterSettingsBody = z.infer<typeof letterSettingsSchema>;

/** What the recommender's page shows; `status` other than 'open' carries no form. */
export const letterPageSchema = z.object({
  /** `closed`: the letter deadline passed (the link still opens, to say so, until it expires). */
  status: z.enum(['open', 'submitted', 'declined', 'cancelled', 'withdrawn', 'closed', 'expired']),
  message: z.string().nullable(),
  program_name: z.string(),
  org_name: z.string(),
  applicant_name: z.string(),
  recommender_name: z.string(),
  question_label: z.string().nullable(),
  instructions: z.string().nullable(),
  provides: z.enum(['text', 'file', 'either']),
  questions: z.array(recommenderQuestionSchema),
  expires_at: z.string().nullable(),
  /** When letters stop being accepted (null: no deadline). */
  deadline: z.string().nullable(),
  draft: z
    .object({
      text: z.string(),
      answers: z.record(z.string(), z.string()),
      file_name: z.string().nullable(),
      /** The uploaded PDF's size in bytes (null: none); the page names the file but never links to it. */
      file_size: z.number().int().nonnegative().nullable(),
      updated_at: z.string().nullable(),
    })
    .nullable(),
});
export type LetterPage = z.infer<typeof letterPageSchema>;

export const letterDraftInput = z.object({
  text: text(LETTER_TEXT_MAX).optional(),
  answers: z.record(text(LIMITS.key), text(LETTER_ANSWER_MAX)).optional(),
});
export type LetterDraftInput = z.input<typeof letterDraftInput>;

export const letterDeclineInput = z.object({ reason: text(2_000).trim().default('') });

export const letterSavedSchema = z.object({
  saved_at: z.string(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nonnegative().nullable(),
});
export type LetterSaved = z.infer<typeof letterSavedSchema>;
export const letterDoneSchema = z.object({ status: z.enum(['submitted', 'declined']), message: z.string() });

/** A recommender's "Stop reminders about this request" link: whose request, and whether reminders are on. */
export const letterUnsubscribeQuery = z.object({ token: z.string().min(1).max(200) });
export const letterUnsubscribeSchema = z.object({
  applicant_name: z.string(),
  program_name: z.string(),
  org_name: z.string(),
  /** The recommender's address, partly hidden. */
  email: z.string(),
  /** Reminders of this request are still on. */
  subscribed: z.boolean(),
  /** The request still waits for its letter (the link works). */
  pending: z.boolean(),
});
export type LetterUnsubscribe = z.infer<typeof letterUnsubscribeSchema>;
