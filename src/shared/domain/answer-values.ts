import type { Question } from '../schemas/forms';
import { cutToWords, maxWordsOf } from './answers';
import { type FormShape, hasConditions, numberOf, visibleKeys } from './conditions';
import { LIMITS } from './limits';
import { checkTable } from './tables';

/** Where an application's file answers live in storage (the spec's object path). */
export const answerFilePrefix = (applicationId: string, questionKey: string) =>
  `applications/${applicationId}/${questionKey}/`;

/**
 * Where the files of the application's file questions hidden by these answers live: removed at
 * submit (decision 057), since a hidden question's answer is never kept.
 */
export function hiddenFilePrefixes(
  form: FormShape,
  answers: Record<string, unknown>,
  applicationId: string,
): string[] {
  if (!hasConditions(form)) return [];
  const shown = visibleKeys(form, answers);
  const questions: readonly Question[] = Array.isArray(form)
    ? form
    : (form as { questions: Question[] }).questions;
  return questions
    .filter((q) => q.type === 'file' && !shown.has(q.key))
    .map((q) => answerFilePrefix(applicationId, q.key));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function isFileInfo(value: unknown): value is { filePath: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.fileName === 'string' &&
    typeof v.filePath === 'string' &&
    typeof v.fileSize === 'number' &&
    (typeof v.contentType === 'string' || typeof v.fileType === 'string') &&
    typeof v.uploadedAt === 'string'
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

// A number answer as the rules read it (in conditions.ts, which this file builds on).
export { numberOf } from './conditions';

/** Why a number does not fit its question, or null. */
export function numberProblem(question: Question, n: number): string | null {
  const name = question.label || question.key;
  if (question.integer && !Number.isInteger(n)) return `${name}: enter a whole number.`;
  if (question.min !== undefined && n < question.min)
    return `${name}: enter a number of at least ${question.min}.`;
  if (question.max !== undefined && n > question.max)
    return `${name}: enter a number of at most ${question.max}.`;
  return null;
}

export type AnswerCheck = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * One answer against its question. Text is trimmed to its limit (long text cut at the word limit,
 * default 100; short text at maxLength) rather than refused; a value of the wrong kind is refused.
 * null/undefined clears the answer.
 */
export function checkAnswer(question: Question, value: unknown, applicationId: string): AnswerCheck {
  if (value === null || value === undefined) return { ok: true, value: null };
  const name = question.label || question.key;
  switch (question.type) {
    case 'short_text':
      if (typeof value !== 'string') return { ok: false, problem: `${name}: enter text.` };
      return { ok: true, value: question.maxLength ? value.slice(0, question.maxLength) : value };
    case 'long_text':
      if (typeof value !== 'string') return { ok: false, problem: `${name}: enter text.` };
      return { ok: true, value: cutToWords(value, maxWordsOf(question)) };
    case 'date':
      if (value === '') return { ok: true, value: null };
      if (typeof value !== 'string' || !isRealDate(value))
        return { ok: false, problem: `${name}: enter a date as YYYY-MM-DD.` };
      return { ok: true, value };
    case 'select':
      if (value === '') return { ok: true, value: null };
      if (typeof value !== 'string' || !(question.options ?? []).includes(value))
        return { ok: false, problem: `${name}: choose one of the options.` };
      return { ok: true, value };
    case 'checkbox':
      if (typeof value !== 'boolean') return { ok: false, problem: `${name}: must be ticked or not.` };
      return { ok: true, value };
    case 'number': {
      if (value === '') return { ok: true, value: null };
      const n = numberOf(value);
      if (n === null) return { ok: false, problem: `${name}: enter a number.` };
      const problem = numberProblem(question, n);
      return problem ? { ok: false, problem } : { ok: true, value: n };
    }
    case 'yes_no':
      if (value === '') return { ok: true, value: null };
      if (value !== 'yes' && value !== 'no') return { ok: false, problem: `${name}: choose Yes or No.` };
      return { ok: true, value };
    case 'email': {
      if (typeof value !== 'string') return { ok: false, problem: `${name}: enter an email address.` };
      const email = value.trim();
      if (!email) return { ok: true, value: null };
      if (email.length > LIMITS.email || !EMAIL.test(email))
        return { ok: false, problem: `${name}: enter an email address such as name@example.com.` };
      return { ok: true, value: email };
    }
    case 'url': {
      if (typeof value !== 'string') return { ok: false, problem: `${name}: enter a web address.` };
      const url = value.trim();
      if (!url) return { ok: true, value: null };
      if (url.length > LIMITS.url || !isWebAddress(url))
        return { ok: false, problem: `${name}: enter a web address starting with https://` };
      return { ok: true, value: url };
    }
    case 'content':
    case 'reference_letter':
      // No answer (letters live in their own tables, decision 065): whatever is sent is dropped.
      return { ok: true, value: null };
    case 'multi_select': {
      if (!Array.isArray(value)) return { ok: false, problem: `${name}: choose from the options.` };
      const options = question.options ?? [];
      if (
        value.some((v) => typeof v !== 'string' || !options.includes(v)) ||
        new Set(value).size !== value.length
      )
        return { ok: false, problem: `${name}: choose from the options.` };
      if (value.length === 0) return { ok: true, value: null };
      if (question.minChoices && value.length < question.minChoices)
        return { ok: false, problem: `${name}: choose at least ${question.minChoices}.` };
      if (question.maxChoices && value.length > question.maxChoices)
        return { ok: false, problem: `${name}: choose at most ${question.maxChoices}.` };
      // Kept in the options' order.
      return { ok: true, value: options.filter((o) => value.includes(o)) };
    }
    case 'table':
      return checkTable(question, value);
    case 'file':
      if (!isFileInfo(value) || !value.filePath.startsWith(answerFilePrefix(applicationId, question.key)))
        return { ok: false, problem: `${name}: upload the file with this question's uploader.` };
      return { ok: true, value };
  }
}

/**
 * What the field of a question says about its answer while the applicant types (the same check the
 * server makes on save, `checkAnswer`), without the question's name the field already shows:
 * "Enter an email address such as name@example.com." Null when the answer is fine or empty.
 */
export function answerFieldProblem(question: Question, value: unknown, applicationId: string): string | null {
  const checked = checkAnswer(question, value, applicationId);
  if (checked.ok) return null;
  const name = question.label || question.key;
  let text = checked.problem;
  for (const prefix of [`${name}: `, `"${name}": `])
    if (text.startsWith(prefix)) text = text.slice(prefix.length);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The answers as stored: only keys of the form's questions (answers for anything else are DROPPED,
 * not refused, so a form edited while someone fills it never blocks their save), each checked by
 * its question. Cleared answers are left out. Answers to questions hidden by their conditions
 * (decision 057) are dropped too, never checked: visibility is decided on the cleaned answers, so
 * what is returned shows exactly its own questions. Returns the cleaned map and one problem per bad
 * key of a shown question.
 */
export function cleanAnswers(
  form: FormShape,
  answers: Record<string, unknown>,
  applicationId: string,
): { answers: Record<string, unknown>; problems: Record<string, string> } {
  const questions: readonly Question[] = Array.isArray(form)
    ? form
    : (form as { questions: Question[] }).questions;
  const out: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const q of questions) {
    if (!Object.hasOwn(answers, q.key)) continue;
    const checked = checkAnswer(q, answers[q.key], applicationId);
    if (!checked.ok) problems[q.key] = checked.problem;
    else if (checked.value !== null) out[q.key] = checked.value;
  }
  if (!hasConditions(form)) return { answers: out, problems };
  const shown = visibleKeys(form, out);
  for (const key of Object.keys(out)) if (!shown.has(key)) delete out[key];
  for (const key of Object.keys(problems)) if (!shown.has(key)) delete problems[key];
  return { answers: out, problems };
}
