import type { Question, RecommenderQuestion } from '../schemas/forms';
import { applicantDeadline, applicantLastMoment, type DeadlineInput } from './deadlines';
import { UNSUBSCRIBE_LINK_DAYS } from './unsubscribe';
import { uploadRules } from './uploads';

/**
 * Reference letters (issue 30, decision 065): the rules both sides use. A letter is written by a
 * recommender without an account through a link; its applicant sees each request's state, never
 * its content.
 */

export const letterStates = ['requested', 'opened', 'submitted', 'declined', 'bounced', 'cancelled'] as const;
export type LetterState = (typeof letterStates)[number];

export const letterStateLabels: Record<LetterState, string> = {
  requested: 'Requested',
  opened: 'Opened',
  submitted: 'Submitted',
  declined: 'Declined',
  bounced: 'Bounced',
  cancelled: 'Cancelled',
};

/** At most this many letters may be asked for by one question. */
export const MAX_LETTERS = 5;
/** Requests an application may make beyond its questions' maxLetters (to ask someone else). */
export const EXTRA_REQUESTS = 3;
/** A request's email may be sent again once a day. */
export const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;
/** The link works until the letter deadline plus this. */
export const TOKEN_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
/** Without any deadline (the program never closes), a link works this long after it was last sent. */
export const TOKEN_OPEN_ENDED_MS = 180 * 24 * 60 * 60 * 1000;
/** Reminders: this long after the request, and this long before the letter deadline. */
export const REMIND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
export const REMIND_BEFORE_DEADLINE_MS = 3 * 24 * 60 * 60 * 1000;
/** No reminder comes within this long of the last email the recommender got (the request, a resend, a reminder). */
export const REMINDER_GAP_MS = 2 * 24 * 60 * 60 * 1000;

export const LETTER_TEXT_MAX = 50_000;
export const LETTER_ANSWER_MAX = 5_000;

/** States in which the recommender may still write (the link works). */
export const isPending = (s: LetterState) => s === 'requested' || s === 'opened';
/** States that count toward the request cap and the "requests" requirement (not given up on). */
export const isActiveRequest = (s: LetterState) => s !== 'cancelled' && s !== 'declined' && s !== 'bounced';

export interface LetterSettings {
  minLetters: number;
  maxLetters: number;
  provides: 'text' | 'file' | 'either';
  submitBeforeLetters: boolean;
  lettersAfterClose: boolean;
  lettersUntil: string | null;
}

/** A reference_letter question's settings with their defaults (1 of up to 1, either, submit before letters). */
export function letterSettings(q: Question): LetterSettings {
  const min = Math.min(MAX_LETTERS, Math.max(1, q.minLetters ?? 1));
  const max = Math.min(MAX_LETTERS, Math.max(min, q.maxLetters ?? min));
  return {
    minLetters: min,
    maxLetters: max,
    provides: q.provides ?? 'either',
    submitBeforeLetters: q.submitBeforeLetters ?? true,
    lettersAfterClose: q.lettersAfterClose ?? false,
    lettersUntil: q.lettersAfterClose && q.lettersUntil ? q.lettersUntil : null,
  };
}

/** Questions of the org admin's own the recommender answers beside the letter (at most). */
export const MAX_RECOMMENDER_QUESTIONS = 5;
/** The choices of one rating question (at most). */
export const MAX_RATINGS = 10;

export const recommenderQuestionTypeLabels: Record<RecommenderQuestion['type'], string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  rating: 'Rating',
};

/** A new rating's choices, best first. */
export const DEFAULT_RATINGS = ['Excellent', 'Very good', 'Good', 'Fair', 'Poor'];

/** Where a reference_letter question's builder problem lies (the builder marks and focuses that field). */
export type LetterProblemAt =
  | { field: 'minLetters' | 'maxLetters' | 'lettersUntil' | 'recommenderQuestions' }
  | { field: 'label' | 'options'; index: number };

const isCount = (n: number | undefined) =>
  n === undefined || (Number.isInteger(n) && n >= 1 && n <= MAX_LETTERS);

/** A reference_letter question's problem in the builder (named like formProblem's) and where it is, or null. */
export function letterQuestionIssue(
  q: Question,
  name: string,
): { message: string; at: LetterProblemAt } | null {
  if (q.type !== 'reference_letter') return null;
  if (!isCount(q.minLetters))
    return {
      message: `${name}: the letters required must be a whole number from 1 to ${MAX_LETTERS}.`,
      at: { field: 'minLetters' },
    };
  if (!isCount(q.maxLetters))
    return {
      message: `${name}: the letters allowed must be a whole number from 1 to ${MAX_LETTERS}.`,
      at: { field: 'maxLetters' },
    };
  if (q.minLetters !== undefined && q.maxLetters !== undefined && q.minLetters > q.maxLetters)
    return {
      message: `${name}: the letters required are more than the letters allowed.`,
      at: { field: 'maxLetters' },
    };
  if (q.lettersUntil && !q.lettersAfterClose)
    return {
      message: `${name}: a date for late letters needs "Letters may arrive after the application closes".`,
      at: { field: 'lettersUntil' },
    };
  const rqs = q.recommenderQuestions ?? [];
  if (rqs.length > MAX_RECOMMENDER_QUESTIONS)
    return {
      message: `${name}: at most ${MAX_RECOMMENDER_QUESTIONS} questions for the recommender.`,
      at: { field: 'recommenderQuestions' },
    };
  const keys = new Set<string>();
  for (const [index, rq] of rqs.entries()) {
    const label = rq.label.trim() ? `"${rq.label.trim()}"` : `recommender question ${index + 1}`;
    if (!rq.label.trim())
      return { message: `${name}: ${label} needs a label.`, at: { field: 'label', index } };
    if (keys.has(rq.key))
      return { message: `${name}: ${label} has the same key as another.`, at: { field: 'label', index } };
    keys.add(rq.key);
    if (rq.type !== 'rating') continue;
    const ratings = (rq.options ?? []).map((o) => o.trim()).filter(Boolean);
    const at = { field: 'options', index } as const;
    if (ratings.length < 2) return { message: `${name}: ${label} needs at least two ratings.`, at };
    if (ratings.length > MAX_RATINGS)
      return { message: `${name}: ${label} has more than ${MAX_RATINGS} ratings.`, at };
    if (new Set(ratings.map((o) => o.toLowerCase())).size < ratings.length)
      return { message: `${name}: ${label} lists a rating twice.`, at };
  }
  return null;
}

/** A reference_letter question's problem in the builder (named like formProblem's), or null. */
export function letterQuestionProblem(q: Question, name: string): string | null {
  return letterQuestionIssue(q, name)?.message ?? null;
}

/** The question as stored: only the settings of a reference letter. */
export function normalizeLetterQuestion(q: Question, out: Question): Question {
  if (q.type !== 'reference_letter') return out;
  const s = letterSettings(q);
  out.minLetters = s.minLetters;
  out.maxLetters = s.maxLetters;
  out.provides = s.provides;
  out.submitBeforeLetters = s.submitBeforeLetters;
  if (q.instructions?.trim()) out.instructions = q.instructions.trim();
  if (s.lettersAfterClose) out.lettersAfterClose = true;
  if (s.lettersUntil) out.lettersUntil = s.lettersUntil;
  const rqs = (q.recommenderQuestions ?? []).map((rq) => ({
    key: rq.key,
    type: rq.type,
    label: rq.label.trim(),
    required: rq.required,
    ...(rq.type === 'rating' ? { options: (rq.options ?? []).map((o) => o.trim()).filter(Boolean) } : {}),
  }));
  if (rqs.length) out.recommenderQuestions = rqs;
  return out;
}

/**
 * When letters for this question stop being accepted: lettersUntil, else the application's close,
 * else never. The application's close is its applicant's (`letterCloseAt`), not only the program's.
 */
export function letterDeadline(q: Question, applicationCloseAt: Date | null): Date | null {
  const s = letterSettings(q);
  if (s.lettersAfterClose) return s.lettersUntil ? new Date(s.lettersUntil) : null;
  return applicationCloseAt;
}

/**
 * The close of one application for its letters: the last moment its applicant may still submit
 * (decision 058's rule: the program's close, a personal deadline, the grace period or a redeemed
 * late link). An applicant given more time may still ask for letters, and their letters may come,
 * until then.
 */
export function letterCloseAt(input: DeadlineInput): Date | null {
  return applicantLastMoment(applicantDeadline(input));
}

/** When a link sent at `sentAt` stops working: the letter deadline + 7 days (open-ended: 180 days after sending). */
export function tokenExpiry(deadline: Date | null, sentAt: Date): Date {
  return deadline
    ? new Date(deadline.getTime() + TOKEN_GRACE_MS)
    : new Date(sentAt.getTime() + TOKEN_OPEN_ENDED_MS);
}

/**
 * When a sent link stops opening now: as stored when it was sent, or later if its letter deadline has
 * moved later since (a personal deadline, a new close date). The letter page, the reminders, the
 * expiry a reminder names and the check before it is delivered all use this one rule.
 */
export function letterLinkExpiry(storedExpiry: Date, deadline: Date | null, lastSentAt: Date): Date {
  return new Date(Math.max(storedExpiry.getTime(), tokenExpiry(deadline, lastSentAt).getTime()));
}

/** The two reminders a pending request may get, each at most once. */
export type LetterReminder = 'after_request' | 'before_deadline';

/**
 * Which reminder is due for a request still waiting for its letter at `now`, or null (decision 065):
 * - `after_request`: REMIND_AFTER_MS (7 days) after the request was last sent — a resend before it
 *   went moves it to 7 days after the resend; once it went, a resend does not bring another;
 * - `before_deadline`: REMIND_BEFORE_DEADLINE_MS (3 days) before the letter deadline. In those last
 *   days only this one is due: a 7-day reminder that would fall there is folded into it.
 * Neither within REMINDER_GAP_MS (2 days) of the last email the recommender got, after the letter
 * deadline, or once the link has expired. Whether the request is still pending, the recommender
 * unsubscribed or the application was withdrawn is the caller's to check.
 */
export function letterReminderDue(r: {
  lastSentAt: Date;
  lastReminderAt: Date | null;
  afterRequestSent: boolean;
  beforeDeadlineSent: boolean;
  deadline: Date | null;
  tokenExpiresAt: Date;
  now: Date;
}): LetterReminder | null {
  const now = r.now.getTime();
  if (now >= r.tokenExpiresAt.getTime()) return null;
  if (r.deadline && now >= r.deadline.getTime()) return null;
  const lastEmail = Math.max(r.lastSentAt.getTime(), r.lastReminderAt?.getTime() ?? 0);
  if (now - lastEmail < REMINDER_GAP_MS) return null;
  const finalDays = r.deadline ? r.deadline.getTime() - REMIND_BEFORE_DEADLINE_MS : null;
  if (finalDays !== null && now >= finalDays) return r.beforeDeadlineSent ? null : 'before_deadline';
  if (!r.afterRequestSent && now >= r.lastSentAt.getTime() + REMIND_AFTER_MS) return 'after_request';
  return null;
}

export const letterWords = {
  ownEmail: 'Ask someone else: a letter cannot come from your own email address.',
  duplicate: 'This person has already been asked for this letter.',
  tooMany: (max: number) =>
    `You have made the most requests allowed (${max}). Cancel one you no longer need.`,
  /** The question's maximum is reached by requests still going (not declined, bounced or cancelled). */
  enough: (max: number) =>
    `You have asked for as many letters as this question takes (${max}). To ask someone else, cancel a request first.`,
  resendTooSoon: 'The request can be sent again once a day.',
  notPending: 'This request is no longer waiting for a letter.',
  notALetterQuestion: 'This question does not take reference letters.',
  closed: 'Letters for this application are no longer accepted.',
  linkInvalid: 'This link is not valid. Ask the applicant to send the request again.',
  linkExpired: 'This link has expired.',
  cancelled: 'This request was cancelled by the applicant. Nothing more is needed from you.',
  withdrawn: 'This application was withdrawn. Nothing more is needed from you.',
  declined: 'You declined this request. Thank you for letting the applicant know.',
  thanks: 'Thank you. Your letter has been submitted.',
  empty: 'Write the letter or upload it before submitting.',
  textOnly: 'This program asks for a typed letter.',
  fileOnly: 'This program asks for an uploaded letter (PDF).',
  answerRequired: (label: string) => `Please answer "${label}".`,
  received: (n: number) => `${n} letter${n === 1 ? '' : 's'} received.`,
  blindHidden: 'Letters are not shown to reviewers in this blind program.',
  staffOnly: 'Letters are shown to the program’s reviewers and admins only.',
  /** Beside a request (its applicant and the program's admins): when the last reminder went. */
  reminderSent: (day: string) => `Reminder sent ${day}`,
  remindersOff: 'The recommender turned reminders off',
} as const;

/** The page a recommender's "Stop reminders about this request" link opens (decision 065). */
export const letterUnsubscribeWords = {
  title: 'Stop reminders',
  invalid: 'This link is not valid. Open the latest email about this request and try again.',
  expired: `This link has expired: links work for ${UNSUBSCRIBE_LINK_DAYS} days after their email is sent. Open a newer email about this request.`,
  question: (applicant: string, program: string) =>
    `Stop reminders about ${applicant}’s reference letter for ${program}?`,
  done: (applicant: string, program: string) =>
    `You will get no more reminders about ${applicant}’s reference letter for ${program}.`,
  linkWorks: 'The letter link in your emails still works: you can write the letter or decline at any time.',
  notPending: 'This request no longer waits for a letter, so no reminders will come.',
  button: 'Stop reminders',
} as const;

/**
 * Why a new request is refused, or null: the applicant's own address; the same person again for the
 * question; the question's maxLetters already asked of people who have not declined, bounced or been
 * cancelled (so it never gets more letters than it takes); the application's cap, which counts every
 * request but the cancelled ones (declines and bounces included: asking someone else is limited too).
 */
export function requestProblem(input: {
  email: string;
  applicantEmail: string;
  existing: { email: string; state: LetterState; questionKey: string }[];
  questionKey: string;
  /** The question's maxLetters. */
  max: number;
  cap: number;
}): string | null {
  const email = input.email.trim().toLowerCase();
  if (email === input.applicantEmail.trim().toLowerCase()) return letterWords.ownEmail;
  if (
    input.existing.some(
      (r) =>
        r.questionKey === input.questionKey && r.email.toLowerCase() === email && isActiveRequest(r.state),
    )
  )
    return letterWords.duplicate;
  if (
    input.existing.filter((r) => r.questionKey === input.questionKey && isActiveRequest(r.state)).length >=
    input.max
  )
    return letterWords.enough(input.max);
  if (input.existing.filter((r) => r.state !== 'cancelled').length >= input.cap)
    return letterWords.tooMany(input.cap);
  return null;
}

/** The most requests one application may make: its questions' maxLetters + 3. */
export function requestCap(questions: Question[]): number {
  const letters = questions.filter((q) => q.type === 'reference_letter');
  return letters.reduce((n, q) => n + letterSettings(q).maxLetters, 0) + EXTRA_REQUESTS;
}

/** When a request may be sent again (null: now). */
export function nextResendAt(lastSentAt: Date, now: Date): Date | null {
  const next = new Date(lastSentAt.getTime() + RESEND_AFTER_MS);
  return next > now ? next : null;
}

/**
 * The reference_letter questions that block a submit (decision 065): with submitBeforeLetters (the
 * default) a question needs minLetters requests not given up on (cancelled, declined, bounced);
 * without it, minLetters submitted letters. In form order; the caller passes the questions shown.
 */
export function lettersLacking(
  questions: Question[],
  requests: { questionKey: string; state: LetterState }[],
): Question[] {
  return questions.filter((q) => {
    if (q.type !== 'reference_letter') return false;
    const s = letterSettings(q);
    const mine = requests.filter((r) => r.questionKey === q.key);
    const n = s.submitBeforeLetters
      ? mine.filter((r) => isActiveRequest(r.state)).length
      : mine.filter((r) => r.state === 'submitted').length;
    return n < s.minLetters;
  });
}

/** "2 of 2 submitted" (exports, the blind reviewer's line). */
export const letterCountText = (submitted: number, required: number) =>
  `${submitted} of ${required} submitted`;

/** What a letter needs to count as submitted: content of the kind asked for, and each required answer. */
export function letterContentProblem(
  q: Question,
  letter: { text: string | null; hasFile: boolean; answers: Record<string, string> },
): string | null {
  const s = letterSettings(q);
  const hasText = !!letter.text?.trim();
  if (s.provides === 'text' && !hasText) return letter.hasFile ? letterWords.textOnly : letterWords.empty;
  if (s.provides === 'file' && !letter.hasFile) return hasText ? letterWords.fileOnly : letterWords.empty;
  if (!hasText && !letter.hasFile) return letterWords.empty;
  for (const rq of q.recommenderQuestions ?? [])
    if (rq.required && !letter.answers[rq.key]?.trim()) return letterWords.answerRequired(rq.label);
  return null;
}

/** A letter's upload: a PDF, with the size rule of answer files (50 MB). */
export const letterUpload = {
  types: ['application/pdf'],
  maxBytes: uploadRules.answer.maxBytes,
  typeMessage: () => 'Please upload the letter as a PDF.',
  sizeMessage: uploadRules.answer.sizeMessage,
};

/** The type a letter's file is sent with: a browser may leave a PDF's blank (the server checks the bytes). */
export const letterFileType = (file: { name: string; type: string }) =>
  file.type || (file.name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream');

/** The page's first check of a letter's file (the server checks again, against the bytes): a message or null. */
export function letterFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!letterUpload.types.includes(letterFileType(file))) return letterUpload.typeMessage();
  if (file.size >= letterUpload.maxBytes) return letterUpload.sizeMessage;
  return null;
}
