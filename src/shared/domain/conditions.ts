/**
 * Conditional questions (issue 29 item 1, decision 057): "Show only if" rules on earlier questions.
 * One evaluation, used by the applicant's page (what to show) and by the server (what to keep and
 * what is required). Pure: no I/O.
 */
import type { Condition, ConditionRule, Question } from '../schemas/forms';

type Answers = Record<string, unknown>;
type Op = ConditionRule['op'];

/** The comparisons each kind of question can be tested with (and so be depended on). */
export const opsByType: Partial<Record<Question['type'], readonly Op[]>> = {
  select: ['equals', 'one_of', 'not'],
  checkbox: ['equals'],
  yes_no: ['equals', 'not'],
  multi_select: ['equals', 'one_of', 'not'],
  number: ['equals', 'not', 'at_least', 'at_most'],
};

export const canBeDependedOn = (q: Pick<Question, 'type'>) => !!opsByType[q.type];

export const opLabels: Record<Op, string> = {
  equals: 'is',
  one_of: 'is one of',
  not: 'is not',
  at_least: 'is at least',
  at_most: 'is at most',
};

const isBlank = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

/** A rule against the answer of its question (undefined: not answered or hidden). */
export function ruleHolds(rule: ConditionRule, source: Pick<Question, 'type'>, answer: unknown): boolean {
  // An unticked checkbox is "not ticked", answered or not; any other unanswered question holds no rule.
  const value = source.type === 'checkbox' ? answer === true : answer;
  if (source.type !== 'checkbox' && isBlank(value)) return false;
  const list = Array.isArray(value) ? value : [value];
  switch (rule.op) {
    case 'equals':
      return list.some((v) => v === rule.value);
    case 'one_of':
      return Array.isArray(rule.value) && list.some((v) => (rule.value as unknown[]).includes(v));
    case 'not':
      return Array.isArray(rule.value)
        ? !list.some((v) => (rule.value as unknown[]).includes(v))
        : !list.some((v) => v === rule.value);
    case 'at_least':
      return typeof value === 'number' && typeof rule.value === 'number' && value >= rule.value;
    case 'at_most':
      return typeof value === 'number' && typeof rule.value === 'number' && value <= rule.value;
  }
}

/**
 * The keys of the questions shown for these answers, in form order. A question is shown when it has
 * no condition or its condition holds on the answers of questions before it that are shown; a rule
 * on a hidden, later or unknown question does not hold. So a question hidden by a chain hides what
 * depends on it, and the result never depends on an answer to a hidden question.
 */
export function visibleKeys(questions: readonly Question[], answers: Answers): Set<string> {
  const shown = new Set<string>();
  const decided = new Map<string, Question>();
  for (const q of questions) {
    if (!q.showIf || conditionHolds(q.showIf, decided, shown, answers)) shown.add(q.key);
    decided.set(q.key, q);
  }
  return shown;
}

function conditionHolds(
  condition: Condition,
  earlier: Map<string, Question>,
  shown: Set<string>,
  answers: Answers,
): boolean {
  const test = (rule: ConditionRule) => {
    const source = earlier.get(rule.question);
    if (!source) return false;
    return ruleHolds(rule, source, shown.has(rule.question) ? answers[rule.question] : undefined);
  };
  return condition.join === 'any' ? condition.rules.some(test) : condition.rules.every(test);
}

/** The questions shown for these answers, in form order. */
export function visibleQuestions<Q extends Question>(questions: readonly Q[], answers: Answers): Q[] {
  const shown = visibleKeys(questions, answers);
  return questions.filter((q) => shown.has(q.key));
}

/** Only the answers of shown questions (what is stored, reviewed, exported and printed). */
export function visibleAnswers(questions: readonly Question[], answers: Answers): Answers {
  const shown = visibleKeys(questions, answers);
  return Object.fromEntries(Object.entries(answers).filter(([k]) => shown.has(k)));
}

const quoted = (q: Question, index: number) => `"${q.label.trim() || `Question ${index + 1}`}"`;

function valueWords(v: ConditionRule['value']): string {
  if (Array.isArray(v)) {
    if (v.length <= 1) return v.join('');
    return `${v.slice(0, -1).join(', ')} or ${v[v.length - 1]}`;
  }
  return String(v);
}

/** One rule in words: "Instrument is Violin or Viola", "Consent is ticked". */
export function ruleSentence(rule: ConditionRule, questions: readonly Question[]): string {
  const index = questions.findIndex((q) => q.key === rule.question);
  const source = questions[index];
  const name = source ? source.label.trim() || `Question ${index + 1}` : 'a removed question';
  if (source?.type === 'checkbox') {
    const ticked = (rule.op === 'not') !== (rule.value === true);
    return `${name} is ${ticked ? 'ticked' : 'not ticked'}`;
  }
  if (source?.type === 'yes_no') return `${name} ${opLabels[rule.op]} ${rule.value === 'yes' ? 'Yes' : 'No'}`;
  // "is one of Violin or Viola" reads as "is Violin or Viola".
  return `${name} ${rule.op === 'one_of' ? 'is' : opLabels[rule.op]} ${valueWords(rule.value)}`;
}

/** The row's sentence in the builder: "Shown if Instrument is Violin or Viola". */
export function conditionSentence(condition: Condition, questions: readonly Question[]): string {
  const parts = condition.rules.map((r) => ruleSentence(r, questions));
  return `Shown if ${parts.join(condition.join === 'any' ? ', or ' : ', and ')}`;
}

/** The questions whose condition names `key`. */
export function dependentsOf<Q extends Question>(questions: readonly Q[], key: string): Q[] {
  return questions.filter((q) => q.showIf?.rules.some((r) => r.question === key));
}

const names = (qs: readonly Question[], all: readonly Question[]) => {
  const list = qs.map((q) => quoted(q, all.indexOf(q)));
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
};

/** Why a question may not be deleted (others depend on it), or null. */
export function deleteProblem(questions: readonly Question[], key: string): string | null {
  const index = questions.findIndex((q) => q.key === key);
  const dependents = dependentsOf(questions, key).filter((q) => q.key !== key);
  if (index < 0 || !dependents.length) return null;
  const verb = dependents.length === 1 ? 'depends' : 'depend';
  return `${quoted(questions[index], index)} cannot be deleted: ${names(dependents, questions)} ${verb} on it. Change or remove that condition first.`;
}

/** Why moving the question at `from` to `to` would break a condition, or null. */
export function moveProblem(questions: readonly Question[], from: number, to: number): string | null {
  const q = questions[from];
  if (!q || from === to) return null;
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const passed = questions.slice(lo, hi + 1).filter((x) => x !== q);
  if (to > from) {
    const below = passed.filter((x) => x.showIf?.rules.some((r) => r.question === q.key));
    if (below.length)
      return `${quoted(q, from)} cannot move below ${names(below, questions)}: ${below.length === 1 ? 'it depends' : 'they depend'} on it.`;
  } else {
    const above = passed.filter((x) => q.showIf?.rules.some((r) => r.question === x.key));
    if (above.length)
      return `${quoted(q, from)} cannot move above ${names(above, questions)}: it depends on ${above.length === 1 ? 'it' : 'them'}.`;
  }
  return null;
}

/** A circle of questions whose conditions depend on each other, or null. */
function findCycle(questions: readonly Question[]): Question[] | null {
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const state = new Map<string, 'open' | 'done'>();
  const path: Question[] = [];
  const visit = (q: Question): Question[] | null => {
    state.set(q.key, 'open');
    path.push(q);
    for (const rule of q.showIf?.rules ?? []) {
      const next = byKey.get(rule.question);
      if (!next) continue;
      if (state.get(next.key) === 'open') return path.slice(path.indexOf(next));
      if (!state.has(next.key)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(q.key, 'done');
    return null;
  };
  for (const q of questions) {
    if (state.has(q.key)) continue;
    const found = visit(q);
    if (found) return found;
  }
  return null;
}

/**
 * The first problem with the form's conditions as a message naming the question, or null: a circle
 * of conditions, a rule on a later, unknown or unsuitable question, or a value that is not one of
 * that question's real options.
 */
export function conditionProblem(questions: readonly Question[]): string | null {
  const cycle = findCycle(questions);
  if (cycle) {
    const [first] = cycle;
    if (cycle.length === 1) return `${quoted(first, questions.indexOf(first))} cannot depend on itself.`;
    return `${names(cycle, questions)} depend on each other in a circle. Remove one of their conditions.`;
  }
  const position = new Map(questions.map((q, i) => [q.key, i]));
  for (const [index, q] of questions.entries()) {
    if (!q.showIf) continue;
    const name = quoted(q, index);
    for (const rule of q.showIf.rules) {
      const at = position.get(rule.question);
      if (at === undefined) return `${name} depends on a question that is not in the form.`;
      const source = questions[at];
      const sourceName = quoted(source, at);
      if (at > index)
        return `${name} depends on ${sourceName}, which comes after it. A question can only depend on earlier questions.`;
      const ops = opsByType[source.type];
      if (!ops)
        return `${name} cannot depend on ${sourceName}: only choice, checkbox, yes/no and number questions can be used.`;
      if (!ops.includes(rule.op)) return `${name}: "${opLabels[rule.op]}" cannot be used with ${sourceName}.`;
      const problem = valueProblem(rule, source);
      if (problem) return `${name} depends on ${sourceName} ${problem}`;
    }
  }
  return null;
}

function valueProblem(rule: ConditionRule, source: Question): string | null {
  if (source.type === 'checkbox')
    return typeof rule.value === 'boolean' ? null : 'being ticked or not; choose one.';
  if (source.type === 'yes_no')
    return rule.value === 'yes' || rule.value === 'no' ? null : 'being Yes or No; choose one.';
  if (source.type === 'number')
    return typeof rule.value === 'number' && Number.isFinite(rule.value)
      ? null
      : 'without a number to compare with.';
  if (source.type === 'select' || source.type === 'multi_select') {
    const options = (source.options ?? []).map((o) => o.trim()).filter(Boolean);
    const values = Array.isArray(rule.value) ? rule.value : [rule.value];
    if (rule.op === 'one_of' && !Array.isArray(rule.value)) return 'without any options chosen.';
    if (rule.op !== 'one_of' && Array.isArray(rule.value) && rule.value.length !== 1)
      return 'with more than one option; use "is one of".';
    const missing = values.find((v) => typeof v !== 'string' || !options.includes(v));
    if (missing !== undefined) return `being "${String(missing)}", which is not one of its options.`;
  }
  return null;
}

/** The condition as stored: none when it has no rules; one-option lists as plain values. */
export function normalizeCondition(condition: Condition | undefined): Condition | undefined {
  if (!condition || condition.rules.length === 0) return undefined;
  return {
    join: condition.join === 'any' ? 'any' : 'all',
    rules: condition.rules.map((r) => ({ question: r.question, op: r.op, value: r.value })),
  };
}
