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
  ruleHolds,
  visibleAnswers,
  visibleKeys,
  visibleQuestions,
} from './conditions';
import { formProblem, normalizeForm } from './forms';

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
    const num = { type: 'short_text' } as const; // numbers come with the number type; the comparison is ready
    expect(ruleHolds({ question: 'x', op: 'at_least', value: 18 }, num, 18)).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'at_least', value: 18 }, num, 17)).toBe(false);
    expect(ruleHolds({ question: 'x', op: 'at_most', value: 3 }, num, 3)).toBe(true);
    expect(ruleHolds({ question: 'x', op: 'at_most', value: 3 }, num, '2')).toBe(false);
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
const arbForm = fc
  .array(
    fc.record({
      type: fc.constantFrom<Question['type']>('select', 'checkbox', 'short_text'),
      required: fc.boolean(),
      rules: fc.array(
        fc.record({
          pick: fc.nat(),
          op: fc.constantFrom<ConditionRule['op']>('equals', 'one_of', 'not'),
          value: fc.constantFrom(...OPTIONS),
          values: fc.subarray(OPTIONS, { minLength: 1 }),
          ticked: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
      any: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((specs) => {
    const questions: Question[] = [];
    for (const [i, s] of specs.entries()) {
      const earlier = questions.filter((x) => x.type !== 'short_text');
      const rules: ConditionRule[] = earlier.length
        ? s.rules.map((r) => {
            const source = earlier[r.pick % earlier.length];
            if (source.type === 'checkbox') return { question: source.key, op: 'equals', value: r.ticked };
            return { question: source.key, op: r.op, value: r.op === 'one_of' ? r.values : r.value };
          })
        : [];
      questions.push({
        key: `q${i}`,
        type: s.type,
        label: `Q${i}`,
        required: s.required,
        ...(s.type === 'select' ? { options: OPTIONS } : {}),
        ...(rules.length ? { showIf: { join: s.any ? 'any' : 'all', rules } } : {}),
      } as Question);
    }
    return questions;
  });
const arbAnswers = (questions: Question[]) =>
  fc.record(
    Object.fromEntries(
      questions.map((x) => [
        x.key,
        x.type === 'select'
          ? fc.constantFrom<unknown>('A', 'B', 'C', '', null, 'Z')
          : x.type === 'checkbox'
            ? fc.constantFrom<unknown>(true, false, null)
            : fc.oneof(fc.string(), fc.constant(null)),
      ]),
    ),
    { requiredKeys: [] },
  );
const arbCase = arbForm.chain((questions) =>
  arbAnswers(questions).map((answers) => ({ questions, answers })),
);

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
        const value = shown(j) ? answers[src.key] : undefined;
        if (src.type === 'checkbox') return (value === true) === r.value;
        if (value === undefined || value === null || value === '') return false;
        if (r.op === 'equals') return value === r.value;
        if (r.op === 'not') return value !== r.value;
        return (r.value as unknown[]).includes(value);
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
