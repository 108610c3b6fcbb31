import type { ApplicationForm, Question } from '../schemas/forms';
import { visibleKeys, visibleQuestions } from './conditions';
import { DEFAULT_MAX_WORDS, takesAnswer } from './forms';
import { formPages } from './sections';
import { tableProblem } from './tables';

/** Words are runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Long text is capped by word count: text past the limit is cut (the spacing before the cut is kept). */
export function cutToWords(text: string, maxWords: number): string {
  if (countWords(text) <= maxWords) return text;
  const parts = text.match(/\s*\S+/g) ?? [];
  return parts.slice(0, maxWords).join('');
}

export function maxWordsOf(question: Pick<Question, 'maxWords'>): number {
  return question.maxWords ?? DEFAULT_MAX_WORDS;
}

/** The long-text counter: 'n/max words', and 'At word limit' / 'Over word limit' beside it. */
export function wordCounter(
  text: string,
  maxWords: number,
): { text: string; state: 'under' | 'at' | 'over' } {
  const n = countWords(text);
  return {
    text: `${n}/${maxWords} words`,
    state: n > maxWords ? 'over' : n === maxWords ? 'at' : 'under',
  };
}

export const wordStateText = { at: 'At word limit', over: 'Over word limit' } as const;

/** Empty, a blank string, an empty list or an unticked checkbox. */
export function isMissingAnswer(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Whether a shown question blocks submission: a required question without an answer, or a table
 * not finished (a row partly filled in, too few rows; decision 060), required or once started.
 */
export function answerUnfinished(q: Question, value: unknown): boolean {
  if (!takesAnswer(q)) return false;
  if (q.type === 'table') return tableProblem(q, value) !== null;
  return q.required && isMissingAnswer(value);
}

/** The message beside a field that blocks submission (the table's own, else the required one). */
export function unfinishedMessage(q: Question, value: unknown): string {
  return (q.type === 'table' && tableProblem(q, value)) || 'This answer is required.';
}

/** Labels of questions shown for these answers that block submission, in form order (a hidden question is never required). */
export function missingRequiredLabels(form: ApplicationForm, answers: Record<string, unknown>): string[] {
  return visibleQuestions(form, answers)
    .filter((q) => answerUnfinished(q, answers[q.key]))
    .map((q) => q.label);
}

export function requiredFieldsMessage(labels: string[]): string {
  return `Please complete the following required fields: ${labels.join(', ')}`;
}

/** Per page: the labels of its shown required questions without an answer (the step list's marks). */
export function pageProblems(form: ApplicationForm, answers: Record<string, unknown>): string[][] {
  const shown = visibleKeys(form, answers);
  return formPages(form).map((page) =>
    page.questions.filter((q) => shown.has(q.key) && answerUnfinished(q, answers[q.key])).map((q) => q.label),
  );
}
