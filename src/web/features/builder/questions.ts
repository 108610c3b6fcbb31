import { formProblem, questionTypeLabels } from '../../../shared/domain/forms';
import type { ApplicationForm, Question } from '../../../shared/schemas/forms';

export type QuestionType = Question['type'];

function random6(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** A key `q_<type>_<random6>` not yet used in the form. */
export function newQuestionKey(type: QuestionType, questions: Question[]): string {
  const used = new Set(questions.map((q) => q.key));
  for (;;) {
    const key = `q_${type}_${random6()}`;
    if (!used.has(key)) return key;
  }
}

/** A key `r_<random6>` for a new question of a reference letter's recommender, not yet used by its others. */
export function newRecommenderQuestionKey(questions: readonly { key: string }[]): string {
  const used = new Set(questions.map((rq) => rq.key));
  for (;;) {
    const key = `r_${random6()}`;
    if (!used.has(key)) return key;
  }
}

/** A new question: unrequired, labelled with its type's name, with a fresh key. */
export function newQuestion(type: QuestionType, questions: Question[]): Question {
  const q: Question = {
    key: newQuestionKey(type, questions),
    type,
    label: questionTypeLabels[type],
    required: false,
  };
  if (type === 'select' || type === 'multi_select') q.options = ['Option 1', 'Option 2'];
  // A table starts as a budget: an item and an amount, totalled (decision 060).
  if (type === 'table') {
    q.columns = [
      { key: 'c1', label: 'Item', type: 'text' },
      { key: 'c2', label: 'Amount', type: 'number' },
    ];
    q.totalColumn = 'c2';
  }
  // A reference letter starts as one letter, typed or uploaded (decision 065).
  if (type === 'reference_letter') Object.assign(q, { minLetters: 1, maxLetters: 1, provides: 'either' });
  return q;
}

/**
 * The first problem of the form (shared rule formProblem) and the index of the question it names:
 * the shortest prefix of questions that has the problem.
 */
export function firstProblem(form: ApplicationForm): { message: string; index: number } | null {
  const message = formProblem(form);
  if (!message) return null;
  for (let i = 0; i < form.questions.length; i++) {
    // The screening's problems name no question of the form (they are shown above it).
    const prefix = { ...form, screening: undefined, questions: form.questions.slice(0, i + 1) };
    if (formProblem(prefix)) return { message, index: i };
  }
  return { message, index: -1 };
}

/** The name a row goes by in buttons and announcements. */
export function questionName(q: Question, index: number): string {
  return q.label.trim() || `Question ${index + 1}`;
}
