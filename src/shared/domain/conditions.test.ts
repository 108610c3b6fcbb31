import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApplicationForm, Condition, ConditionRule, Question } from '../schemas/forms';
import { applicationFormSchema } from '../schemas/forms';
import { cleanAnswers } from './answer-values';
import { missingRequiredLabels } from './answers';
import {
  conditionProblem,
  conditionSentence,
  deleteProblem,
  moveProblem,
  opsByType,
  reorderProblem,
  ruleHolds,
  visibleAnswers,
  visibleKeys,
  visibleQuestions,
} from './conditions';
import { formProblem, normalizeForm } from './forms';
import { sortBySection } from './sections';

const q = (key: string, type: Question['type'], over: Partial<Question> = {}): Question => ({
  key,
  type,
  label: key[0].toUpperCase() + key.slice(1),
  required: false,
  ...over,
});
const form = (...questions: Question[]): ApplicationForm => ({
  questions,
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
});
const when = (join: Condition['join'], ...rules: ConditionRule[]): Condition => ({ join, rules });

const instrument = q('instrument', 'select', { options: ['Violin', 'Viola', 'Piano'] });
const strings = q('strings', 'short_text', {
  label: 'Which strings?',
  required: true,
  showIf: when('all', { question: 'instrument', op: 'one_of', value: ['Violin', 'Viola'] }),
});
const bow = q('bow', 'select', {
  label: 'Bow',
  options: ['Own', 'Borrowed'],
  showIf: when('all', { question: 'instrument', op: 'equals', value: 'Violin' }),
});
const maker = q('maker', 'short_text', {
  label: 'Bow maker',
  showIf: when('all', { question: 'bow', op: 'equals', value: 'Own' }),
});
const orchestra = form(instrument, strings, bow, maker);

describe('visibility', () => {
  it('shows a question only when its rules hold, in a chain', () => {
    expect([...visibleKeys(orchestra.questions, {})]).toEqual(['instrument']);
    expect([...visibleKeys(orchestra.questions, { instrument: 'Viola' })]).toEqual(['instrument', 'strings']);
    expect([...visibleKeys(orchestra.questions, { instrument: 'Violin', bow: 'Own' })]).toEqual([
      'instrument',
      'strings',
      'bow',
      'maker',
    ]);
    // Piano hides Bow, and with it Bow maker, whatever Bow's stale answer says.
    expect([...visibleKeys(orchestra.questions, { instrument: 'Piano', bow: 'Own' })]).toEqual([
      'instrument',
    ]);
  });

  it('joins rules by all or any', () => {
    const consent = q('consent', 'checkbox');
    const a = q('a', 'short_text', {
      showIf: when(
        'all',
        { question: 'instrument', op: 'not', value: 'Piano' },
        { question: 'consent', op: 'equals', value: true },
      ),
    });
    const b = q('b', 'short_text', {
      showIf: when(
        'any',
        { question: 'instrument', op: 'equals', value: 'Piano' },
        { question: 'consent', op: 'equals', value: true },
      ),
    });
    const qs = [instrument, consent, a, b];
    expect([...visibleKeys(qs, { instrument: 'Viola', consent: true })]).toEqual([
      'instrument',
      'consent',
      'a',
      'b',
    ]);
    expect([...visibleKeys(qs, { instrument: 'Viola' })]).toEqual(['instrument', 'consent']);
    expect([...visibleKeys(qs, { instrument: 'Piano' })]).toEqual(['instrument', 'consent', 'b']);
  });

  it('compares with each operator; an unanswered question holds no rule but an unticked box is "not ticked"', () => {
    const sel = { type: 'select' } as const;
    expect(ruleHolds({ question: 'x', op: 'equals', value: 'A' }, sel, 'A')).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'not', value: 'A' }, sel, 'B')).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'not', value: 'A' }, sel, undefined)).toBe(false);
    expect(ruleHolds({ question: 'x', op: 'one_of', value: ['A', 'B'] }, sel, 'B')).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'one_of', value: ['A', 'B'] }, sel, 'C')).toBe(false);
    const num = { type: 'number' } as const;
    expect(ruleHolds({ question: 'x', op: 'at_least', value: 18 }, num, 18)).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'at_least', value: 18 }, num, 17)).toBe(false);
    expect(ruleHolds({ question: 'x', op: 'at_most', value: 3 }, num, 3)).toBe(true);
    // A number still being typed ("2", "18.") is read as the number the server will store.
    expect(ruleHolds({ question: 'x', op: 'at_most', value: 3 }, num, '2')).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'at_least', value: 18 }, num, '18.')).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'not', value: 6 }, num, '')).toBe(false);
    expect(ruleHolds({ question: 'x', op: 'equals', value: 6 }, num, 'lots')).toBe(false);
    const box = { type: 'checkbox' } as const;
    expect(ruleHolds({ question: 'x', op: 'equals', value: false }, box, undefined)).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'equals', value: true }, box, true)).toBe(true);
  });

  it('a hidden required question is not missing; a shown one is', () => {
    expect(missingRequiredLabels(orchestra, { instrument: 'Piano' })).toEqual([]);
    expect(missingRequiredLabels(orchestra, { instrument: 'Violin' })).toEqual(['Which strings?']);
  });

  it('saves drop hidden answers without checking them', () => {
    const out = cleanAnswers(
      orchestra.questions,
      { instrument: 'Piano', strings: 'G, D', bow: 'nonsense' },
      'app',
    );
    expect(out).toEqual({ answers: { instrument: 'Piano' }, problems: {} });
    const shown = cleanAnswers(orchestra.questions, { instrument: 'Violin', bow: 'nonsense' }, 'app');
    expect(shown.problems).toEqual({ bow: 'Bow: choose one of the options.' });
  });

  it('a form saved before conditions existed keeps every answer', () => {
    const old = applicationFormSchema.parse({
      questions: [
        { key: 'a', type: 'short_text', label: 'A' },
        { key: 'b', type: 'checkbox', label: 'B' },
      ],
    });
    expect(formProblem(old)).toBeNull();
    expect(cleanAnswers(old.questions, { a: 'x', b: false }, 'app').answers).toEqual({ a: 'x', b: false });
    expect(normalizeForm(old).questions.every((x) => !('showIf' in x))).toBe(true);
  });
});

describe('the builder sentence', () => {
  it('reads the rule in words', () => {
    expect(conditionSentence(strings.showIf!, orchestra.questions)).toBe(
      'Shown if Instrument is Violin or Viola',
    );
    expect(
      conditionSentence(
        when(
          'any',
          { question: 'instrument', op: 'not', value: 'Piano' },
          { question: 'ok', op: 'equals', value: true },
        ),
        [instrument, q('ok', 'checkbox', { label: 'Consent' })],
      ),
    ).toBe('Shown if Instrument is not Piano, or Consent is ticked');
  });
});

describe('conditionProblem names the question', () => {
  it('refuses a reference to a later question', () => {
    const early = q('early', 'short_text', {
      label: 'Early',
      showIf: when('all', { question: 'instrument', op: 'equals', value: 'Violin' }),
    });
    expect(conditionProblem([early, instrument])).toBe(
      '"Early" depends on "Instrument", which comes after it. A question can only depend on earlier questions.',
    );
  });

  it('refuses a circle and a question depending on itself', () => {
    const a = q('a', 'select', {
      options: ['x'],
      showIf: when('all', { question: 'b', op: 'equals', value: 'x' }),
    });
    const b = q('b', 'select', {
      options: ['x'],
      showIf: when('all', { question: 'a', op: 'equals', value: 'x' }),
    });
    expect(conditionProblem([a, b])).toBe(
      '"A" and "B" depend on each other in a circle. Remove one of their conditions.',
    );
    const self = q('s', 'select', {
      options: ['x'],
      showIf: when('all', { question: 's', op: 'equals', value: 'x' }),
    });
    expect(conditionProblem([self])).toBe('"S" cannot depend on itself.');
  });

  it('refuses unknown questions, unsuitable types and values that are not real options', () => {
    const text = q('text', 'short_text', { label: 'Name' });
    const dep = (rule: ConditionRule) => q('dep', 'short_text', { label: 'Dep', showIf: when('all', rule) });
    expect(conditionProblem([dep({ question: 'gone', op: 'equals', value: 'x' })])).toBe(
      '"Dep" depends on a question that is not in the form.',
    );
    expect(conditionProblem([text, dep({ question: 'text', op: 'equals', value: 'x' })])).toBe(
      '"Dep" cannot depend on "Name": only choice, checkbox, yes/no and number questions can be used.',
    );
    expect(
      conditionProblem([instrument, dep({ question: 'instrument', op: 'equals', value: 'Cello' })]),
    ).toBe('"Dep" depends on "Instrument" being "Cello", which is not one of its options.');
    expect(conditionProblem([instrument, dep({ question: 'instrument', op: 'at_least', value: 3 })])).toBe(
      '"Dep": "is at least" cannot be used with "Instrument".',
    );
    expect(formProblem(orchestra)).toBeNull();
  });
});

describe('deleting and moving in the builder', () => {
  it('names the dependents', () => {
    expect(deleteProblem(orchestra.questions, 'instrument')).toBe(
      '"Instrument" cannot be deleted: "Which strings?" and "Bow" depend on it. Change or remove that condition first.',
    );
    expect(deleteProblem(orchestra.questions, 'maker')).toBeNull();
    expect(moveProblem(orchestra.questions, 0, 1)).toBe(
      '"Instrument" cannot move below "Which strings?": it depends on it.',
    );
    expect(moveProblem(orchestra.questions, 3, 1)).toBe(
      '"Bow maker" cannot move above "Bow": it depends on it.',
    );
    expect(moveProblem(orchestra.questions, 1, 2)).toBeNull();
  });
});

// Random forms: choice, checkbox and text questions, each after the first possibly depending on earlier
// choice/checkbox questions with any operator that applies.
const OPTIONS = ['A', 'B', 'C'];
// Random forms: choice, checkbox, yes/no, number and multiple select questions (the ones that can be
// depended on) and short texts, each possibly depending on earlier ones with every operator its
// source allows.
const SOURCE_TYPES = ['select', 'checkbox', 'yes_no', 'number', 'multi_select'] as const;
const arbRuleSpec = fc.record({
  pick: fc.nat(),
  op: fc.nat(),
  value: fc.constantFrom(...OPTIONS),
  values: fc.subarray(OPTIONS, { minLength: 1 }),
  ticked: fc.boolean(),
  yes: fc.boolean(),
  n: fc.integer({ min: 0, max: 10 }),
});
type RuleSpec = typeof arbRuleSpec extends fc.Arbitrary<infer T> ? T : never;

/** A rule on `source` from a random spec, with a value fit for it (as the builder makes them). */
function ruleFor(source: Question, r: RuleSpec): ConditionRule {
  if (source.type === 'checkbox') return { question: source.key, op: 'equals', value: r.ticked };
  const op = (opsByType[source.type] ?? ['equals'])[r.op % (opsByType[source.type]?.length ?? 1)];
  if (source.type === 'yes_no') return { question: source.key, op, value: r.yes ? 'yes' : 'no' };
  if (source.type === 'number') return { question: source.key, op, value: r.n };
  return { question: source.key, op, value: op === 'one_of' ? r.values : r.value };
}

const arbForm = fc
  .array(
    fc.record({
      type: fc.constantFrom<Question['type']>(...SOURCE_TYPES, 'short_text'),
      required: fc.boolean(),
      rules: fc.array(arbRuleSpec, { maxLength: 3 }),
      any: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((specs) => {
    const questions: Question[] = [];
    for (const [i, s] of specs.entries()) {
      const earlier = questions.filter((x) => x.type !== 'short_text');
      const rules: ConditionRule[] = earlier.length
        ? s.rules.map((r) => ruleFor(earlier[r.pick % earlier.length], r))
        : [];
      questions.push({
        key: `q${i}`,
        type: s.type,
        label: `Q${i}`,
        required: s.required,
        ...(s.type === 'select' || s.type === 'multi_select' ? { options: OPTIONS } : {}),
        ...(s.type === 'number' ? { min: 0, max: 10 } : {}),
        ...(rules.length ? { showIf: { join: s.any ? 'any' : 'all', rules } } : {}),
      } as Question);
    }
    return questions;
  });
/** Answers as a browser might send them: good ones, blanks, and some the server refuses. */
const arbAnswers = (questions: Question[]) =>
  fc.record(
    Object.fromEntries(
      questions.map((x) => [
        x.key,
        x.type === 'select'
          ? fc.constantFrom<unknown>('A', 'B', 'C', '', null, 'Z')
          : x.type === 'checkbox'
            ? fc.constantFrom<unknown>(true, false, null)
            : x.type === 'yes_no'
              ? fc.constantFrom<unknown>('yes', 'no', '', null, 'maybe')
              : x.type === 'number'
                ? fc.oneof(
                    fc.integer({ min: -2, max: 12 }),
                    fc.constantFrom<unknown>('7', '', null, 'lots', 2.5),
                  )
                : x.type === 'multi_select'
                  ? fc.oneof(fc.subarray(OPTIONS), fc.constantFrom<unknown>(['Z'], null, 'A'))
                  : fc.oneof(fc.string(), fc.constant(null)),
      ]),
    ),
    { requiredKeys: [] },
  );
const arbCase = arbForm.chain((questions) =>
  arbAnswers(questions).map((answers) => ({ questions, answers })),
);

/** One rule against an answer, written out plainly from decision 057 (a second reading of the rule). */
function referenceRule(src: Question, r: ConditionRule, value: unknown): boolean {
  if (src.type === 'checkbox') return (value === true) === r.value;
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return false;
  if (src.type === 'number') {
    // A number, or the text of one as typed (the server stores it as that number).
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || (typeof value === 'string' && !value.trim()))
      return false;
    if (r.op === 'at_least') return n >= (r.value as number);
    if (r.op === 'at_most') return n <= (r.value as number);
    return r.op === 'equals' ? n === r.value : n !== r.value;
  }
  // A multiple select holds a rule when any of its choices does ("is" = among the choices).
  const chosen = Array.isArray(value) ? value : [value];
  const wanted = Array.isArray(r.value) ? r.value : [r.value];
  const hit = chosen.some((v) => (wanted as unknown[]).includes(v));
  return r.op === 'not' ? !hit : hit;
}

/** A second evaluation written independently (recursive, by key): the definition the loop must match. */
function reference(questions: Question[], answers: Record<string, unknown>): Set<string> {
  const at = new Map(questions.map((x, i) => [x.key, i]));
  const memo = new Map<string, boolean>();
  const shown = (i: number): boolean => {
    const x = questions[i];
    if (memo.has(x.key)) return memo.get(x.key)!;
    let result = true;
    if (x.showIf) {
      const tests = x.showIf.rules.map((r) => {
        const j = at.get(r.question);
        if (j === undefined || j >= i) return false;
        const src = questions[j];
        return referenceRule(src, r, shown(j) ? answers[src.key] : undefined);
      });
      result = x.showIf.join === 'any' ? tests.some(Boolean) : tests.every(Boolean);
    }
    memo.set(x.key, result);
    return result;
  };
  return new Set(questions.filter((_, i) => shown(i)).map((x) => x.key));
}

describe('properties (fast-check)', () => {
  it('every random form of earlier-only rules is accepted', () => {
    fc.assert(fc.property(arbForm, (questions) => conditionProblem(questions) === null));
  });

  it('the evaluation matches the recursive definition', () => {
    fc.assert(
      fc.property(arbCase, ({ questions, answers }) => {
        expect([...visibleKeys(questions, answers)]).toEqual([...reference(questions, answers)]);
      }),
    );
  });

  it('the browser (raw answers on screen) and the server (answers it keeps) show the same questions', () => {
    fc.assert(
      fc.property(arbCase, ({ questions, answers }) => {
        const server = cleanAnswers(questions, answers, 'app');
        // Only answers the server accepts reach the screen's state after a save.
        const valid = Object.fromEntries(Object.entries(answers).filter(([k]) => !(k in server.problems)));
        const browser = visibleQuestions(questions, valid).map((x) => x.key);
        expect([...visibleKeys(questions, server.answers)]).toEqual(browser);
      }),
    );
  });

  it('no hidden answer survives a save, and saving again changes nothing', () => {
    fc.assert(
      fc.property(arbCase, ({ questions, answers }) => {
        const { answers: kept } = cleanAnswers(questions, answers, 'app');
        const shown = visibleKeys(questions, kept);
        for (const key of Object.keys(kept)) expect(shown.has(key)).toBe(true);
        expect(visibleAnswers(questions, kept)).toEqual(kept);
        expect(cleanAnswers(questions, kept, 'app').answers).toEqual(kept);
      }),
    );
  });

  it('a hidden question is never listed as missing', () => {
    fc.assert(
      fc.property(arbCase, ({ questions, answers }) => {
        const { answers: kept } = cleanAnswers(questions, answers, 'app');
        const shown = visibleQuestions(questions, kept).map((x) => x.label);
        for (const label of missingRequiredLabels(form(...questions), kept)) expect(shown).toContain(label);
      }),
    );
  });
});

// Conditions on sections (decision 062).
const sectioned = (sections: ApplicationForm['sections'], ...questions: Question[]): ApplicationForm => ({
  ...form(...questions),
  sections,
});
const musicForm = sectioned(
  [
    { key: 'about', title: 'About you' },
    {
      key: 'strings',
      title: 'String players',
      showIf: when('all', { question: 'instrument', op: 'one_of', value: ['Violin', 'Viola'] }),
    },
    { key: 'end', title: 'Last words' },
  ],
  { ...instrument, section: 'about' },
  {
    ...q('bowing', 'select', { label: 'Bowing', required: true, options: ['Own', 'Borrowed'] }),
    section: 'strings',
  },
  {
    ...q('maker', 'short_text', {
      label: 'Bow maker',
      showIf: when('all', { question: 'bowing', op: 'equals', value: 'Own' }),
    }),
    section: 'strings',
  },
  { ...q('extra', 'short_text', { label: 'Extra', required: true }), section: 'end' },
);

describe('conditions on sections', () => {
  it('a hidden section hides its questions, and so what depends on them', () => {
    expect([...visibleKeys(musicForm, { instrument: 'Piano' })]).toEqual(['instrument', 'extra']);
    expect([...visibleKeys(musicForm, { instrument: 'Viola' })]).toEqual(['instrument', 'bowing', 'extra']);
    expect([...visibleKeys(musicForm, { instrument: 'Viola', bowing: 'Own' })]).toEqual([
      'instrument',
      'bowing',
      'maker',
      'extra',
    ]);
    expect(visibleKeys(musicForm, { instrument: 'Piano', bowing: 'Own' }).has('maker')).toBe(false);
    // A bare list of questions is a form without sections: the section's condition is not read.
    expect(visibleKeys(musicForm.questions, { instrument: 'Piano' }).has('bowing')).toBe(true);
  });

  it('hidden sections are not required, and their answers are discarded', () => {
    expect(missingRequiredLabels(musicForm, { instrument: 'Piano' })).toEqual(['Extra']);
    expect(missingRequiredLabels(musicForm, { instrument: 'Violin' })).toEqual(['Bowing', 'Extra']);
    const out = cleanAnswers(musicForm, { instrument: 'Piano', bowing: 'kept?', extra: 'x' }, 'app');
    expect(out.answers).toEqual({ instrument: 'Piano', extra: 'x' });
    expect(visibleAnswers(musicForm, { instrument: 'Piano', bowing: 'old' })).toEqual({
      instrument: 'Piano',
    });
  });

  it('the form check accepts rules on earlier sections and normalizes them', () => {
    expect(formProblem(musicForm)).toBeNull();
    const parsed = applicationFormSchema.parse(musicForm);
    expect(normalizeForm(parsed).sections?.[1].showIf).toEqual(musicForm.sections?.[1].showIf);
  });

  it('refuses a section depending on its own question, naming the section', () => {
    const own = sectioned(
      [
        { key: 'a', title: 'Start' },
        {
          key: 'b',
          title: 'Music',
          showIf: when('all', { question: 'inst', op: 'equals', value: 'Violin' }),
        },
      ],
      { ...q('name', 'short_text'), section: 'a' },
      { ...q('inst', 'select', { label: 'Instrument', options: ['Violin'] }), section: 'b' },
    );
    expect(conditionProblem(own)).toBe(
      'Section "Music" cannot depend on "Instrument", a question inside it. A section can only depend on questions of earlier sections.',
    );
    expect(formProblem(own)).toBe(conditionProblem(own));
  });

  it('refuses a section depending on a later section, and a circle across sections, naming them', () => {
    const later = sectioned(
      [
        {
          key: 'a',
          title: 'Start',
          showIf: when('all', { question: 'inst', op: 'equals', value: 'Violin' }),
        },
        { key: 'b', title: 'Music' },
      ],
      { ...q('name', 'short_text'), section: 'a' },
      { ...q('inst', 'select', { label: 'Instrument', options: ['Violin'] }), section: 'b' },
    );
    expect(conditionProblem(later)).toBe(
      'Section "Start" depends on "Instrument", which is not in an earlier section. A section can only depend on questions of earlier sections.',
    );
    const circle = sectioned(
      [
        {
          key: 'a',
          title: 'Start',
          showIf: when('all', { question: 'inst', op: 'equals', value: 'Violin' }),
        },
        { key: 'b', title: 'Music', showIf: when('all', { question: 'yes', op: 'equals', value: true }) },
      ],
      { ...q('yes', 'checkbox', { label: 'Agree' }), section: 'a' },
      { ...q('inst', 'select', { label: 'Instrument', options: ['Violin'] }), section: 'b' },
    );
    expect(conditionProblem(circle)).toBe(
      '"Agree", Section "Start", "Instrument" and Section "Music" depend on each other in a circle. Remove one of their conditions.',
    );
    const unknown = sectioned(
      [
        { key: 'a', title: 'Start' },
        { key: 'b', title: 'Music', showIf: when('all', { question: 'gone', op: 'equals', value: 'x' }) },
      ],
      { ...q('name', 'short_text'), section: 'a' },
    );
    expect(conditionProblem(unknown)).toBe('Section "Music" depends on a question that is not in the form.');
    const text = sectioned(
      [
        { key: 'a', title: 'Start' },
        { key: 'b', title: 'Music', showIf: when('all', { question: 'name', op: 'equals', value: 'x' }) },
      ],
      { ...q('name', 'short_text'), section: 'a' },
    );
    expect(conditionProblem(text)).toBe(
      'Section "Music" cannot depend on "Name": only choice, checkbox, yes/no and number questions can be used.',
    );
  });

  it('a question a section depends on cannot be deleted', () => {
    expect(deleteProblem(musicForm.questions, 'instrument', musicForm.sections)).toBe(
      '"Instrument" cannot be deleted: Section "String players" depends on it. Change or remove that condition first.',
    );
  });

  it('a change of section or of the sections’ order that would break a condition is refused, naming them', () => {
    const sections = musicForm.sections ?? [];
    const reorder = (questions: Question[], next = sections) => ({
      ...musicForm,
      sections: next,
      questions: sortBySection(questions, next),
    });
    const giveSection = (key: string, section: string) =>
      reorder(musicForm.questions.map((x) => (x.key === key ? { ...x, section } : x)));
    // Instrument into the section that depends on it.
    expect(reorderProblem(musicForm, giveSection('instrument', 'strings'))).toBe(
      'This would put "Instrument" in or after Section "String players", which depends on it. Change or remove that condition first.',
    );
    // Bow maker to an earlier section than Bowing, which it depends on.
    expect(reorderProblem(musicForm, giveSection('maker', 'about'))).toBe(
      'This would put "Bow maker" before "Bowing", which it depends on. Change or remove that condition first.',
    );
    // The string players' section above the section of its question.
    expect(
      reorderProblem(musicForm, reorder(musicForm.questions, [sections[1], sections[0], sections[2]])),
    ).toBe(
      'This would put "Instrument" in or after Section "String players", which depends on it. Change or remove that condition first.',
    );
    // Moves that break nothing pass; so do changes to a form already out of order elsewhere.
    expect(reorderProblem(musicForm, giveSection('extra', 'about'))).toBeNull();
    expect(
      reorderProblem(musicForm, reorder(musicForm.questions, [sections[0], sections[2], sections[1]])),
    ).toBeNull();
    const broken = giveSection('maker', 'about');
    const moved = {
      ...broken,
      questions: sortBySection(
        broken.questions.map((x) => (x.key === 'extra' ? { ...x, section: 'about' } : x)),
        sections,
      ),
    };
    expect(reorderProblem(broken, moved)).toBeNull();
  });
});

// Random sectioned forms: the random questions split into up to four sections, each section after
// the first possibly depending on choice/checkbox questions of earlier sections.
const arbSectioned = arbForm
  .chain((questions) =>
    fc.record({
      questions: fc.constant(questions),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, questions.length - 1) }), { maxLength: 3 }),
      conds: fc.array(
        arbRuleSpec.chain((r) => fc.boolean().map((on) => ({ ...r, on }))),
        { minLength: 4, maxLength: 4 },
      ),
    }),
  )
  .map(({ questions, cuts, conds }) => {
    const bounds = [...new Set(cuts.filter((c) => c < questions.length))].sort((a, b) => a - b);
    const sectionAt = (i: number) => bounds.filter((b) => b <= i).length;
    const placed = questions.map((x, i) => ({ ...x, section: `s${sectionAt(i)}` }));
    const sections: NonNullable<ApplicationForm['sections']> = [];
    for (let s = 0; s <= bounds.length; s++) {
      const earlier = placed.filter((x) => sectionAt(placed.indexOf(x)) < s && x.type !== 'short_text');
      const c = conds[s];
      const source = earlier.length ? earlier[c.pick % earlier.length] : undefined;
      const showIf: Condition | undefined = c.on && source ? when('all', ruleFor(source, c)) : undefined;
      sections.push({ key: `s${s}`, title: `Section ${s + 1}`, ...(showIf ? { showIf } : {}) });
    }
    return sectioned(sections, ...placed);
  });
const arbSectionedCase = arbSectioned.chain((f) =>
  arbAnswers(f.questions).map((answers) => ({ f, answers })),
);

/** The recursive definition with sections: a question is shown when its section and its own rules hold. */
function referenceSectioned(f: ApplicationForm, answers: Record<string, unknown>): Set<string> {
  const { questions } = f;
  const at = new Map(questions.map((x, i) => [x.key, i]));
  const memo = new Map<number, boolean>();
  const holds = (c: Condition, before: number) => {
    const tests = c.rules.map((r) => {
      const j = at.get(r.question);
      if (j === undefined || j >= before) return false;
      const src = questions[j];
      return referenceRule(src, r, shown(j) ? answers[src.key] : undefined);
    });
    return c.join === 'any' ? tests.some(Boolean) : tests.every(Boolean);
  };
  const shown = (i: number): boolean => {
    const known = memo.get(i);
    if (known !== undefined) return known;
    const x = questions[i];
    const section = f.sections?.find((s) => s.key === x.section);
    const first = questions.findIndex((y) => y.section === x.section);
    const result = (!section?.showIf || holds(section.showIf, first)) && (!x.showIf || holds(x.showIf, i));
    memo.set(i, result);
    return result;
  };
  return new Set(questions.filter((_, i) => shown(i)).map((x) => x.key));
}

describe('properties with sections (fast-check)', () => {
  it('every random form of rules on earlier sections is accepted', () => {
    fc.assert(fc.property(arbSectioned, (f) => formProblem(f) === null));
  });

  it('the evaluation matches the recursive definition', () => {
    fc.assert(
      fc.property(arbSectionedCase, ({ f, answers }) => {
        expect([...visibleKeys(f, answers)]).toEqual([...referenceSectioned(f, answers)]);
      }),
    );
  });

  it('the browser and the server agree, no hidden answer survives a save, and hidden questions are never missing', () => {
    fc.assert(
      fc.property(arbSectionedCase, ({ f, answers }) => {
        const server = cleanAnswers(f, answers, 'app');
        const valid = Object.fromEntries(Object.entries(answers).filter(([k]) => !(k in server.problems)));
        const browser = visibleQuestions(f, valid).map((x) => x.key);
        expect([...visibleKeys(f, server.answers)]).toEqual(browser);
        const shown = visibleKeys(f, server.answers);
        for (const key of Object.keys(server.answers)) expect(shown.has(key)).toBe(true);
        expect(cleanAnswers(f, server.answers, 'app').answers).toEqual(server.answers);
        const labels = visibleQuestions(f, server.answers).map((x) => x.label);
        for (const label of missingRequiredLabels(f, server.answers)) expect(labels).toContain(label);
      }),
    );
  });
});
