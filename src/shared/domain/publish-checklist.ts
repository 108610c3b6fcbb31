import type { ApplicationForm } from '../schemas/forms';
import { questionTypeLabels } from './forms';

export interface ChecklistItem {
  ok: boolean;
  text: string;
}

/** Questions whose label is still the text the builder gave them when they were added. */
export function defaultLabelled(form: ApplicationForm): string[] {
  return form.questions
    .filter((q) => q.label.trim() === questionTypeLabels[q.type])
    .map((q) => q.label.trim());
}

/** What the admin confirms before publishing: the form has questions, each with a label of its own. */
export function publishChecklist(form: ApplicationForm): ChecklistItem[] {
  const count = form.questions.length;
  const defaults = defaultLabelled(form).length;
  return [
    count === 0
      ? { ok: false, text: 'The form has no questions yet.' }
      : { ok: true, text: `${count} ${count === 1 ? 'question' : 'questions'}.` },
    defaults === 0
      ? { ok: true, text: 'Every question has its own label.' }
      : {
          ok: false,
          text: `${defaults} ${defaults === 1 ? 'question is' : 'questions are'} still labelled with the default text.`,
        },
  ];
}
