import type { ApplicationForm, Question, ReviewerForm } from '../schemas/forms';
import { conditionProblem, normalizeCondition } from './conditions';
import { letterQuestionProblem, normalizeLetterQuestion } from './letters';
import { normalizeScreening, screeningProblem } from './screening';
import { sectionProblem } from './sections';
import { tableSettingsProblem } from './tables';

export const DEFAULT_MAX_WORDS = 100;
export const DEFAULT_DECISION_OPTIONS = ['accept', 'waitlist', 'reject'];

export const questionTypeLabels: Record<Question['type'], string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  date: 'Date',
  select: 'Multiple choice',
  checkbox: 'Checkbox',
  file: 'File upload',
  number: 'Number',
  yes_no: 'Yes / No',
  email: 'Email',
  url: 'Web address',
  multi_select: 'Multiple select',
  content: 'Content block',
  table: 'Table',
  reference_letter: 'Reference letter',
};

/**
 * Questions that take an answer (a content block is a heading and instructions only; reference
 * letters are written by others and live in their own tables, decision 065).
 */
export const takesAnswer = (q: Pick<Question, 'type'>) =>
  q.type !== 'content' && q.type !== 'reference_letter';

/** Questions whose answer is picked from their options. */
export const hasOptions = (q: Pick<Question, 'type'>) => q.type === 'select' || q.type === 'multi_select';

/** The words of a yes/no answer ('yes' / 'no' as stored). */
export const yesNoLabels: Record<string, string> = { yes: 'Yes', no: 'No' };

/** Select options as reported: trimmed, blanks dropped. */
export function cleanOptions(options: string[] | undefined): string[] {
  return (options ?? []).map((o) => o.trim()).filter(Boolean);
}

/** A profile section applies unless explicitly false; with the profile disabled none applies. */
export function profileSectionOn(
  form: ApplicationForm,
  section: 'personal' | 'family' | 'writing' | 'experience',
) {
  return form.profile.enabled && form.profile.sections[section] !== false;
}

/** How formProblem's messages name a question: its label in quotes, else "Question N". */
export function formQuestionName(q: Pick<Question, 'label'>, index: number): string {
  return q.label.trim() ? `"${q.label.trim()}"` : `Question ${index + 1}`;
}

/**
 * Checks a form before it is saved. Returns the first problem as a message naming the question,
 * or null when the form is valid. (Known types and shapes are checked by the zod schema.)
 */
export function formProblem(form: ApplicationForm): string | null {
  const keys = new Set<string>();
  for (const [index, q] of form.questions.entries()) {
    const name = formQuestionName(q, index);
    if (!q.label.trim()) return `${name} needs a label.`;
    if (keys.has(q.key)) return `${name} has the same key as another question.`;
    keys.add(q.key);
    if (hasOptions(q) && cleanOptions(q.options).length === 0) return `${name} needs at least one option.`;
    if (
      q.type === 'multi_select' &&
      q.minChoices !== undefined &&
      q.maxChoices !== undefined &&
      q.minChoices > q.maxChoices
    )
      return `${name}: the fewest choices allowed are more than the most.`;
    if (q.type === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max)
      return `${name}: the smallest number allowed is above the largest.`;
    if (q.type === 'table') {
      const problem = tableSettingsProblem(q, name);
      if (problem) return problem;
    }
    const letters = letterQuestionProblem(q, name);
    if (letters) return letters;
  }
  return sectionProblem(form) ?? conditionProblem(form) ?? screeningProblem(form.screening);
}

/** The form as stored: labels trimmed, select options cleaned, settings only where they apply. */
export function normalizeForm(form: ApplicationForm): ApplicationForm {
  return {
    ...form,
    questions: form.questions.map((q) => {
      // A content block takes no answer, so it is never required.
      const out: Question = {
        key: q.key,
        type: q.type,
        label: q.label.trim(),
        // Reference letters are required through minLetters (decision 065), never as an answer.
        required: q.type === 'content' || q.type === 'reference_letter' ? false : q.required,
      };
      if (q.help?.trim()) out.help = q.help.trim();
      if (q.type === 'long_text' && q.maxWords) out.maxWords = q.maxWords;
      if (q.type === 'short_text' && q.maxLength) out.maxLength = q.maxLength;
      if (hasOptions(q)) out.options = cleanOptions(q.options);
      if (q.type === 'multi_select') {
        if (q.minChoices) out.minChoices = q.minChoices;
        if (q.maxChoices) out.maxChoices = q.maxChoices;
      }
      if (q.type === 'number') {
        if (q.integer) out.integer = true;
        if (q.min !== undefined) out.min = q.min;
        if (q.max !== undefined) out.max = q.max;
        if (q.unit?.trim()) out.unit = q.unit.trim();
      }
      if (q.type === 'table') {
        out.columns = (q.columns ?? []).map((c) => ({ key: c.key, label: c.label.trim(), type: c.type }));
        if (q.minRows) out.minRows = q.minRows;
        if (q.maxRows) out.maxRows = q.maxRows;
        if (q.totalColumn) out.totalColumn = q.totalColumn;
      }
      const showIf = normalizeCondition(q.showIf);
      if (showIf) out.showIf = showIf;
      if (form.sections?.length && q.section) out.section = q.section;
      return normalizeLetterQuestion(q, out);
    }),
    ...(form.sections?.length
      ? {
          sections: form.sections.map((s) => {
            const showIf = normalizeCondition(s.showIf);
            return showIf
              ? { key: s.key, title: s.title.trim(), showIf }
              : { key: s.key, title: s.title.trim() };
          }),
        }
      : { sections: undefined }),
    screening: normalizeScreening(form.screening),
  };
}

/**
 * Reviewer form rules: options trimmed and blanks dropped; an empty list falls back to the defaults;
 * duplicates are refused (returns the message) rather than silently merged.
 */
export function normalizeReviewerForm(form: ReviewerForm): { form: ReviewerForm } | { problem: string } {
  const options = form.decision_options.map((o) => o.trim()).filter(Boolean);
  const seen = new Set<string>();
  for (const option of options) {
    const key = option.toLowerCase();
    if (seen.has(key)) return { problem: `Duplicate decision option: ${option}` };
    seen.add(key);
  }
  return { form: { ...form, decision_options: options.length ? options : [...DEFAULT_DECISION_OPTIONS] } };
}
