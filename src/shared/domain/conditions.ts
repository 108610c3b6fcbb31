/**
 * Conditional questions (issue 29 item 1, decision 057): "Show only if" rules on earlier questions.
 * One evaluation, used by the applicant's page (what to show) and by the server (what to keep and
 * what is required). Pure: no I/O.
 */
import type { Condition, ConditionRule, Question, Section } from '../schemas/forms';

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

/** A number answer: a number, or the text of one (as typed); null when it is not one. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !value.trim()) return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** A rule against the answer of its question (undefined: not answered or hidden). */
export function ruleHolds(rule: ConditionRule, source: Pick<Question, 'type'>, answer: unknown): boolean {
  // An unticked checkbox is "not ticked", answered or not; any other unanswered question holds no rule.
  // A number is read as the server stores it, so "7." still being typed holds what 7 holds.
  const value =
    source.type === 'checkbox' ? answer === true : source.type === 'number' ? numberOf(answer) : answer;
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
 * What the visibility rules read: a form's questions and, when it has them, its sections (a section
 * may carry its own condition, issue 29). A bare list of questions is a form without sections.
 */
export type FormShape =
  | readonly Question[]
  | { readonly questions: readonly Question[]; readonly sections?: readonly Section[] };

const questionsOf = (form: FormShape): readonly Question[] =>
  Array.isArray(form) ? form : (form as { questions: readonly Question[] }).questions;
const sectionsOf = (form: FormShape): readonly Section[] =>
  Array.isArray(form) ? [] : ((form as { sections?: readonly Section[] }).sections ?? []);

/** Whether any question or section of the form carries a condition (else everything is shown). */
export function hasConditions(form: FormShape): boolean {
  return questionsOf(form).some((q) => q.showIf) || sectionsOf(form).some((s) => s.showIf);
}

/**
 * The questions and sections shown for these answers. Walks the form in order (questions are
 * stored in their sections' order): a section is decided when the walk reaches it, on the answers of
 * the shown questions before it (so of earlier sections); a question is shown when its section is
 * shown and it has no condition or its condition holds on the answers of shown questions before it.
 * A rule on a hidden, later or unknown question does not hold, so a chain hides what depends on a
 * hidden question or section, and the result never depends on an answer to a hidden question.
 */
export function visibility(
  form: FormShape,
  answers: Answers,
): { questions: Set<string>; sections: Set<string> } {
  const questions = questionsOf(form);
  const sections = sectionsOf(form);
  const shown = new Set<string>();
  const shownSections = new Set<string>();
  const decided = new Map<string, Question>();
  const rank = new Map(sections.map((s, i) => [s.key, i]));
  let next = 0; // the first section not decided yet
  const decideUpTo = (end: number) => {
    for (; next <= end && next < sections.length; next++) {
      const s = sections[next];
      if (!s.showIf || conditionHolds(s.showIf, decided, shown, answers)) shownSections.add(s.key);
    }
  };
  for (const q of questions) {
    const at = q.section === undefined ? undefined : rank.get(q.section);
    if (at !== undefined) decideUpTo(at);
    // A question of an unknown section (or of a form without sections) is on the one page.
    const pageShown = at === undefined || shownSections.has(q.section as string);
    if (pageShown && (!q.showIf || conditionHolds(q.showIf, decided, shown, answers))) shown.add(q.key);
    decided.set(q.key, q);
  }
  decideUpTo(sections.length - 1);
  return { questions: shown, sections: shownSections };
}

/**
 * The keys of the questions shown for these answers, in form order (see `visibility`): the one
 * function the applicant's page, the builder's preview and the server all use.
 */
export function visibleKeys(form: FormShape, answers: Answers): Set<string> {
  return visibility(form, answers).questions;
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
export function visibleQuestions<Q extends Question>(
  form: readonly Q[] | { readonly questions: readonly Q[]; readonly sections?: readonly Section[] },
  answers: Answers,
): Q[] {
  const shown = visibleKeys(form, answers);
  return (questionsOf(form) as readonly Q[]).filter((q) => shown.has(q.key));
}

/** Only the answers of shown questions (what is stored, reviewed, exported and printed). */
export function visibleAnswers(form: FormShape, answers: Answers): Answers {
  const shown = visibleKeys(form, answers);
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

/** Why a question may not be deleted (other questions or sections depend on it), or null. */
export function deleteProblem(
  questions: readonly Question[],
  key: string,
  sections: readonly Section[] = [],
): string | null {
  const index = questions.findIndex((q) => q.key === key);
  const dependents = dependentsOf(questions, key).filter((q) => q.key !== key);
  const dependentSections = sections.filter((s) => s.showIf?.rules.some((r) => r.question === key));
  if (index < 0 || (!dependents.length && !dependentSections.length)) return null;
  const all = [
    ...dependents.map((q) => quoted(q, questions.indexOf(q))),
    ...dependentSections.map((s) => sectionName(s, sections.indexOf(s))),
  ];
  const list = all.length <= 1 ? all.join('') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
  const verb = all.length === 1 ? 'depends' : 'depend';
  return `${quoted(questions[index], index)} cannot be deleted: ${list} ${verb} on it. Change or remove that condition first.`;
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

/**
 * The rules the order of the form breaks, as "dependent > source" pairs: a question depending on a
 * question that does not come before it, a section depending on a question not in an earlier section.
 */
function orderBreaks(form: FormShape): Map<string, string> {
  const questions = questionsOf(form);
  const sections = sectionsOf(form);
  const position = new Map(questions.map((q, i) => [q.key, i]));
  const rank = new Map(sections.map((s, i) => [s.key, i]));
  const out = new Map<string, string>();
  for (const [index, q] of questions.entries())
    for (const rule of q.showIf?.rules ?? []) {
      const at = position.get(rule.question);
      if (at !== undefined && at >= index)
        out.set(
          `q:${q.key}>${rule.question}`,
          `This would put ${quoted(q, index)} before ${quoted(questions[at], at)}, which it depends on.`,
        );
    }
  for (const [index, s] of sections.entries())
    for (const rule of s.showIf?.rules ?? []) {
      const at = position.get(rule.question);
      if (at === undefined) continue;
      const source = questions[at];
      const from = source.section === undefined ? undefined : rank.get(source.section);
      if (from === undefined || from >= index)
        out.set(
          `s:${s.key}>${rule.question}`,
          `This would put ${quoted(source, at)} in or after ${sectionName(s, index)}, which depends on it.`,
        );
    }
  return out;
}

/**
 * Why this new order of the form (a question given another section, a section moved or removed)
 * would break a condition that holds now, or null: the builder refuses such a change, naming the
 * questions and sections, as it refuses moving a question past its dependents (`moveProblem`).
 */
export function reorderProblem(before: FormShape, after: FormShape): string | null {
  const had = orderBreaks(before);
  for (const [pair, message] of orderBreaks(after))
    if (!had.has(pair)) return `${message} Change or remove that condition first.`;
  return null;
}

type Node = { kind: 'question'; q: Question } | { kind: 'section'; s: Section };

/**
 * A circle of questions and sections whose conditions depend on each other, or null. A question
 * depends on the questions its rules name and on its section (hidden with it); a section on the
 * questions its rules name.
 */
function findCycle(form: FormShape): Node[] | null {
  const questions = questionsOf(form);
  const sections = sectionsOf(form);
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const sectionByKey = new Map(sections.map((s) => [s.key, s]));
  const id = (n: Node) => (n.kind === 'question' ? `q:${n.q.key}` : `s:${n.s.key}`);
  const edges = (n: Node): Node[] => {
    const out: Node[] = [];
    const rules = n.kind === 'question' ? n.q.showIf?.rules : n.s.showIf?.rules;
    for (const rule of rules ?? []) {
      const next = byKey.get(rule.question);
      if (next) out.push({ kind: 'question', q: next });
    }
    if (n.kind === 'question' && n.q.section !== undefined) {
      const section = sectionByKey.get(n.q.section);
      if (section?.showIf) out.push({ kind: 'section', s: section });
    }
    return out;
  };
  const state = new Map<string, 'open' | 'done'>();
  const path: Node[] = [];
  const visit = (n: Node): Node[] | null => {
    state.set(id(n), 'open');
    path.push(n);
    for (const next of edges(n)) {
      const nextId = id(next);
      if (state.get(nextId) === 'open') return path.slice(path.findIndex((p) => id(p) === nextId));
      if (!state.has(nextId)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(id(n), 'done');
    return null;
  };
  const starts: Node[] = [
    ...questions.map((q) => ({ kind: 'question', q }) as const),
    ...sections.map((s) => ({ kind: 'section', s }) as const),
  ];
  for (const n of starts) {
    if (state.has(id(n))) continue;
    const found = visit(n);
    if (found) return found;
  }
  return null;
}

const sectionName = (s: Section, index: number) => `Section "${s.title.trim() || `Section ${index + 1}`}"`;

/**
 * The first problem with the form's conditions as a message naming the question or section, or
 * null: a circle of conditions, a rule on a later, unknown or unsuitable question (for a section: a
 * question that is not in an earlier section), or a value that is not one of that question's real
 * options.
 */
export function conditionProblem(form: FormShape): string | null {
  const questions = questionsOf(form);
  const sections = sectionsOf(form);
  const cycle = findCycle(form);
  if (cycle) {
    const named = cycle.map((n) =>
      n.kind === 'question' ? quoted(n.q, questions.indexOf(n.q)) : sectionName(n.s, sections.indexOf(n.s)),
    );
    const [first] = cycle;
    if (cycle.length === 1 && first.kind === 'question') return `${named[0]} cannot depend on itself.`;
    const section = cycle.find((n) => n.kind === 'section');
    const inside = cycle.find((n) => n.kind === 'question');
    if (cycle.length === 2 && section?.kind === 'section' && inside?.kind === 'question')
      return `${sectionName(section.s, sections.indexOf(section.s))} cannot depend on ${quoted(inside.q, questions.indexOf(inside.q))}, a question inside it. A section can only depend on questions of earlier sections.`;
    const list =
      named.length <= 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
    return `${list} depend on each other in a circle. Remove one of their conditions.`;
  }
  const position = new Map(questions.map((q, i) => [q.key, i]));
  const rank = new Map(sections.map((s, i) => [s.key, i]));
  const ruleProblem = (name: string, rule: ConditionRule): string | null => {
    const source = questions[position.get(rule.question) as number];
    const sourceName = quoted(source, position.get(rule.question) as number);
    const ops = opsByType[source.type];
    if (!ops)
      return `${name} cannot depend on ${sourceName}: only choice, checkbox, yes/no and number questions can be used.`;
    if (!ops.includes(rule.op)) return `${name}: "${opLabels[rule.op]}" cannot be used with ${sourceName}.`;
    const problem = valueProblem(rule, source);
    return problem ? `${name} depends on ${sourceName} ${problem}` : null;
  };
  for (const [index, s] of sections.entries()) {
    if (!s.showIf) continue;
    const name = sectionName(s, index);
    for (const rule of s.showIf.rules) {
      const at = position.get(rule.question);
      if (at === undefined) return `${name} depends on a question that is not in the form.`;
      const source = questions[at];
      const from = source.section === undefined ? undefined : rank.get(source.section);
      if (from === undefined || from >= index)
        return `${name} depends on ${quoted(source, at)}, which is not in an earlier section. A section can only depend on questions of earlier sections.`;
      const problem = ruleProblem(name, rule);
      if (problem) return problem;
    }
  }
  for (const [index, q] of questions.entries()) {
    if (!q.showIf) continue;
    const name = quoted(q, index);
    for (const rule of q.showIf.rules) {
      const at = position.get(rule.question);
      if (at === undefined) return `${name} depends on a question that is not in the form.`;
      if (at > index)
        return `${name} depends on ${quoted(questions[at], at)}, which comes after it. A question can only depend on earlier questions.`;
      const problem = ruleProblem(name, rule);
      if (problem) return problem;
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
