/**
 * Eligibility screening (issue 29 item 2, decision 061): a few questions asked before the
 * application and the rules an applicant must pass to start it. One evaluation, used by the
 * applicant's page and by the server (which decides). Pure: no I/O.
 */
import type { ApplicationForm, Question, Screening, ScreeningRule } from '../schemas/forms';
import { opLabels, opsByType, ruleHolds } from './conditions';

type Answers = Record<string, unknown>;

// (Not imported from ./forms, which imports this file.)
const hasOptions = (q: Pick<Question, 'type'>) => q.type === 'select' || q.type === 'multi_select';
const cleanOptions = (options: string[] | undefined) => (options ?? []).map((o) => o.trim()).filter(Boolean);
type Op = ScreeningRule['op'];

export const DEFAULT_FAIL_MESSAGE =
  'Thank you for your interest. Based on your answers, you are not eligible for this program.';

export const screeningMessages = {
  /** The server's refusal to start or submit without a pass of the current screening. */
  required: 'Please answer the eligibility questions for this program first.',
  answerAll: 'Please answer every eligibility question.',
};

/** The comparisons offered for an age at the close date (a date question). */
export const ageOps: readonly Op[] = ['at_least', 'at_most', 'equals', 'not'];

/** The comparisons each screening question type can be tested with. */
export const screeningOpsByType: Record<string, readonly Op[]> = {
  select: opsByType.select ?? [],
  yes_no: opsByType.yes_no ?? [],
  number: opsByType.number ?? [],
  date: ageOps,
};

/** The program's screening when it asks anything; otherwise null (no screening step). */
export function screeningOf(form: Pick<ApplicationForm, 'screening'> | null | undefined): Screening | null {
  const s = form?.screening;
  return s && s.questions.length > 0 ? s : null;
}

export const failMessageOf = (screening: Screening) => screening.failMessage?.trim() || DEFAULT_FAIL_MESSAGE;

/**
 * Whole years from a birth date (YYYY-MM-DD) to the calendar day of `at` (UTC); a birthday on that
 * very day counts. Null when the date is not a real date.
 */
export function ageAt(birth: string, at: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const ay = at.getUTCFullYear();
  const am = at.getUTCMonth() + 1;
  const ad = at.getUTCDate();
  return ay - y - (am < mo || (am === mo && ad < d) ? 1 : 0);
}

/**
 * The day ages are counted at: the program's close date, or (a program without one) the day the
 * applicant answers.
 */
export const ageReference = (closeAt: string | Date | null, now: Date) => (closeAt ? new Date(closeAt) : now);

/**
 * The day of {@link ageReference} in words: "Age at the close date", or, for a program known to have no
 * close date (`null`), "Age on the day of answering".
 */
export const ageWords = (closeAt?: string | Date | null) =>
  closeAt === null ? 'Age on the day of answering' : 'Age at the close date';

/** One pass rule against its question's answer. */
export function screeningRuleHolds(
  rule: ScreeningRule,
  question: Pick<Question, 'type'>,
  answer: unknown,
  reference: Date,
): boolean {
  if (rule.as === 'age_at_close') {
    if (question.type !== 'date' || typeof answer !== 'string') return false;
    const age = ageAt(answer, reference);
    if (age === null) return false;
    return ruleHolds({ ...rule }, { type: 'number' }, age);
  }
  return ruleHolds(rule, question, answer);
}

export interface ScreeningOutcome {
  passed: boolean;
  /** Positions of the pass rules that did not hold (all of them, when `any` and none held). */
  failedRules: number[];
}

/** Whether these answers pass the screening, and which rules did not hold. */
export function evaluateScreening(screening: Screening, answers: Answers, reference: Date): ScreeningOutcome {
  const byKey = new Map(screening.questions.map((q) => [q.key, q]));
  const held = screening.pass.rules.map((rule) => {
    const q = byKey.get(rule.question);
    return !!q && screeningRuleHolds(rule, q, answers[rule.question], reference);
  });
  const failedRules = held.flatMap((h, i) => (h ? [] : [i]));
  const passed =
    screening.pass.join === 'any' ? held.length === 0 || held.some(Boolean) : failedRules.length === 0;
  return { passed, failedRules: passed ? [] : failedRules };
}

function valueWords(v: ScreeningRule['value'], q: Question | undefined): string {
  if (q?.type === 'yes_no') return v === 'yes' ? 'Yes' : 'No';
  if (Array.isArray(v))
    return v.length <= 1 ? v.join('') : `${v.slice(0, -1).join(', ')} or ${v[v.length - 1]}`;
  return String(v);
}

/**
 * One pass rule in words: "Resident of the state is Yes", "Age at the close date (Date of birth) is at
 * least 18" (`closeAt` as for {@link ageWords}).
 */
export function screeningRuleSentence(
  rule: ScreeningRule,
  questions: readonly Question[],
  closeAt?: string | Date | null,
): string {
  const index = questions.findIndex((q) => q.key === rule.question);
  const q = questions[index];
  const label = q ? q.label.trim() || `Question ${index + 1}` : 'a removed question';
  const name = rule.as === 'age_at_close' ? `${ageWords(closeAt)} (${label})` : label;
  return `${name} ${rule.op === 'one_of' ? 'is' : opLabels[rule.op]} ${valueWords(rule.value, q)}`;
}

/** The first problem with a screening as a message naming the question or rule, or null. */
export function screeningProblem(screening: Screening | undefined): string | null {
  if (!screening) return null;
  const { questions, pass } = screening;
  if (!questions.length) return pass.rules.length ? 'Screening: add a question for its rules.' : null;
  const keys = new Set<string>();
  for (const [index, q] of questions.entries()) {
    const name = q.label.trim()
      ? `Screening question "${q.label.trim()}"`
      : `Screening question ${index + 1}`;
    if (!q.label.trim()) return `${name} needs a label.`;
    if (!screeningOpsByType[q.type])
      return `${name}: only choice, yes/no, number and date questions can be asked.`;
    if (keys.has(q.key)) return `${name} has the same key as another question.`;
    keys.add(q.key);
    if (hasOptions(q) && cleanOptions(q.options).length === 0) return `${name} needs at least one option.`;
    if (q.type === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max)
      return `${name}: the smallest number allowed is above the largest.`;
  }
  if (!pass.rules.length) return 'Screening needs at least one rule to pass.';
  for (const [index, rule] of pass.rules.entries()) {
    const name = `Screening rule ${index + 1}`;
    const q = questions.find((x) => x.key === rule.question);
    if (!q) return `${name} uses a question that is not in the screening.`;
    const label = `"${q.label.trim()}"`;
    const age = rule.as === 'age_at_close';
    if (q.type === 'date' && !age) return `${name}: a date question is compared as an age at the close date.`;
    if (age && q.type !== 'date') return `${name}: only a date question gives an age.`;
    const ops = screeningOpsByType[q.type];
    if (!ops.includes(rule.op)) return `${name}: "${opLabels[rule.op]}" cannot be used with ${label}.`;
    if (q.type === 'number' || age) {
      if (typeof rule.value !== 'number' || !Number.isFinite(rule.value))
        return `${name}: enter a number to compare ${label} with.`;
    } else if (q.type === 'yes_no') {
      if (rule.value !== 'yes' && rule.value !== 'no') return `${name}: choose Yes or No for ${label}.`;
    } else {
      const options = cleanOptions(q.options);
      const values = Array.isArray(rule.value) ? rule.value : [rule.value];
      if (rule.op === 'one_of' && !Array.isArray(rule.value))
        return `${name}: choose the options of ${label}.`;
      const missing = values.find((v) => typeof v !== 'string' || !options.includes(v));
      if (missing !== undefined)
        return `${name}: "${String(missing)}" is not one of the options of ${label}.`;
    }
  }
  return null;
}

/** The screening as stored: trimmed, settings only where they apply; none when it asks nothing. */
export function normalizeScreening(screening: Screening | undefined): Screening | undefined {
  if (!screening?.questions.length) return undefined;
  const out: Screening = {
    questions: screening.questions.map((q) => {
      const n: Question = { key: q.key, type: q.type, label: q.label.trim(), required: true };
      if (q.help?.trim()) n.help = q.help.trim();
      if (hasOptions(q)) n.options = cleanOptions(q.options);
      if (q.type === 'number') {
        if (q.integer) n.integer = true;
        if (q.min !== undefined) n.min = q.min;
        if (q.max !== undefined) n.max = q.max;
        if (q.unit?.trim()) n.unit = q.unit.trim();
      }
      return n;
    }),
    pass: {
      join: screening.pass.join === 'any' ? 'any' : 'all',
      rules: screening.pass.rules.map((r) => ({
        question: r.question,
        op: r.op,
        value: r.value,
        ...(r.as ? { as: r.as } : {}),
      })),
    },
  };
  if (screening.failMessage?.trim()) out.failMessage = screening.failMessage.trim();
  return out;
}

/**
 * The text a pass is tied to: the questions and rules (not the fail message). A screening whose
 * fingerprint changed is a new screening: earlier passes no longer count. The server hashes it.
 */
export function screeningFingerprint(screening: Screening): string {
  const n = normalizeScreening(screening);
  return JSON.stringify(n ? { questions: n.questions, pass: n.pass } : null);
}
