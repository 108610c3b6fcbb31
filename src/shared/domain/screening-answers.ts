/**
 * An applicant's screening answers checked (decision 061): apart from ./screening so that the rules
 * (imported by ./forms) do not import the answer checks (which import ./forms).
 */
import type { Screening } from '../schemas/forms';
import { checkAnswer } from './answer-values';

type Answers = Record<string, unknown>;

/**
 * The screening answers as kept: every question must be answered with a value of its kind. Returns
 * the cleaned answers and one problem per question (naming it).
 */
export function checkScreeningAnswers(
  screening: Screening,
  answers: Answers,
): { answers: Answers; problems: Record<string, string> } {
  const out: Answers = {};
  const problems: Record<string, string> = {};
  for (const q of screening.questions) {
    const checked = checkAnswer(q, answers[q.key], '');
    if (!checked.ok) problems[q.key] = checked.problem;
    else if (checked.value === null) problems[q.key] = `${q.label || q.key}: please answer this question.`;
    else out[q.key] = checked.value;
  }
  return { answers: out, problems };
}
