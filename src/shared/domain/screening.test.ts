import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApplicationForm, Question, Screening, ScreeningRule } from '../schemas/forms';
import { applicationFormSchema } from '../schemas/forms';
import { formProblem, normalizeForm } from './forms';
import {
  ageAt,
  DEFAULT_FAIL_MESSAGE,
  evaluateScreening,
  failMessageOf,
  screeningFingerprint,
  screeningOf,
  screeningProblem,
  screeningRuleSentence,
} from './screening';
import { checkScreeningAnswers } from './screening-answers';

const q = (key: string, type: Question['type'], label: string, over: Partial<Question> = {}): Question => ({
  key,
  type,
  label,
  required: true,
  ...over,
});
const resident = q('resident', 'yes_no', 'Resident of the state');
const birth = q('birth', 'date', 'Date of birth');
const income = q('income', 'number', 'Household income');
const level = q('level', 'select', 'Level', { options: ['Undergraduate', 'Graduate', 'Other'] });

const screening = (rules: ScreeningRule[], join: 'all' | 'any' = 'all'): Screening => ({
  questions: [resident, birth, income, level],
  pass: { join, rules },
});
const adult: ScreeningRule = { question: 'birth', op: 'at_least', value: 18, as: 'age_at_close' };
const isResident: ScreeningRule = { question: 'resident', op: 'equals', value: 'yes' };
const close = new Date('2026-06-30T23:59:00Z');

describe('age at the close date', () => {
  it('counts whole years; a birthday on the close day counts', () => {
    expect(ageAt('2008-06-30', close)).toBe(18);
    expect(ageAt('2008-07-01', close)).toBe(17);
    expect(ageAt('2008-06-29', close)).toBe(18);
    expect(ageAt('2000-02-29', new Date('2018-02-28T12:00:00Z'))).toBe(17);
    expect(ageAt('2000-02-29', new Date('2018-03-01T00:00:00Z'))).toBe(18);
    expect(ageAt('2008-02-30', close)).toBeNull();
    expect(ageAt('not a date', close)).toBeNull();
  });

  it('"Age at the close date is at least 18": boundary on the close day', () => {
    const s = screening([adult]);
    expect(evaluateScreening(s, { birth: '2008-06-30' }, close)).toEqual({ passed: true, failedRules: [] });
    expect(evaluateScreening(s, { birth: '2008-07-01' }, close)).toEqual({ passed: false, failedRules: [0] });
    const most = screening([{ ...adult, op: 'at_most', value: 25 }]);
    expect(evaluateScreening(most, { birth: '2001-06-30' }, close).passed).toBe(true);
    expect(evaluateScreening(most, { birth: '2001-06-29' }, close).passed).toBe(true);
    expect(evaluateScreening(most, { birth: '2000-06-30' }, close).passed).toBe(false);
  });
});

describe('evaluation', () => {
  it('all: every rule must hold; the failed ones are named by position', () => {
    const s = screening([isResident, adult, { question: 'income', op: 'at_most', value: 50000 }]);
    expect(evaluateScreening(s, { resident: 'yes', birth: '2000-01-01', income: 40000 }, close).passed).toBe(
      true,
    );
    expect(evaluateScreening(s, { resident: 'no', birth: '2010-01-01', income: 40000 }, close)).toEqual({
      passed: false,
      failedRules: [0, 1],
    });
    // An unanswered question holds no rule.
    expect(evaluateScreening(s, {}, close)).toEqual({ passed: false, failedRules: [0, 1, 2] });
  });

  it('any: one rule is enough; none held fails on every rule', () => {
    const s = screening(
      [isResident, { question: 'level', op: 'one_of', value: ['Graduate', 'Other'] }],
      'any',
    );
    expect(evaluateScreening(s, { resident: 'no', level: 'Graduate' }, close).passed).toBe(true);
    expect(evaluateScreening(s, { resident: 'no', level: 'Undergraduate' }, close)).toEqual({
      passed: false,
      failedRules: [0, 1],
    });
  });

  it('every question must be answered with a value of its kind', () => {
    const s = screening([isResident]);
    const { answers, problems } = checkScreeningAnswers(s, {
      resident: 'yes',
      birth: '2001-13-01',
      income: '12',
      extra: 'dropped',
    });
    expect(answers).toEqual({ resident: 'yes', income: 12 });
    expect(problems.birth).toMatch(/Date of birth/);
    expect(problems.level).toMatch(/Level: please answer/);
  });
});

describe('words and rules of the builder', () => {
  it('reads each rule as a sentence', () => {
    expect(screeningRuleSentence(isResident, screening([]).questions)).toBe('Resident of the state is Yes');
    expect(screeningRuleSentence(adult, screening([]).questions)).toBe(
      'Age at the close date (Date of birth) is at least 18',
    );
    // A program without a close date counts ages on the day of answering, and says so.
    expect(screeningRuleSentence(adult, screening([]).questions, null)).toBe(
      'Age on the day of answering (Date of birth) is at least 18',
    );
    expect(screeningRuleSentence(adult, screening([]).questions, '2026-09-01T00:00:00Z')).toBe(
      'Age at the close date (Date of birth) is at least 18',
    );
    expect(
      screeningRuleSentence({ question: 'level', op: 'one_of', value: ['Graduate', 'Other'] }, [level]),
    ).toBe('Level is Graduate or Other');
  });

  it('has a default fail message and uses the admin’s own', () => {
    expect(failMessageOf(screening([isResident]))).toBe(DEFAULT_FAIL_MESSAGE);
    expect(failMessageOf({ ...screening([isResident]), failMessage: '  Sorry, residents only. ' })).toBe(
      'Sorry, residents only.',
    );
  });

  it('refuses a screening it cannot evaluate, naming the question or rule', () => {
    expect(screeningProblem(screening([]))).toBe('Screening needs at least one rule to pass.');
    expect(screeningProblem(screening([{ question: 'birth', op: 'at_least', value: 18 }]))).toMatch(
      /compared as an age/,
    );
    expect(screeningProblem(screening([{ question: 'gone', op: 'equals', value: 'yes' }]))).toMatch(
      /Screening rule 1 uses a question that is not in the screening/,
    );
    expect(screeningProblem(screening([{ question: 'level', op: 'equals', value: 'PhD' }]))).toMatch(
      /"PhD" is not one of the options of "Level"/,
    );
    expect(
      screeningProblem({ questions: [q('t', 'short_text', 'Name')], pass: { join: 'all', rules: [] } }),
    ).toMatch(/only choice, yes\/no, number and date/);
    expect(screeningProblem(screening([isResident, adult]))).toBeNull();
  });

  it('is part of the form: checked and normalized with it, and absent when it asks nothing', () => {
    const form: ApplicationForm = applicationFormSchema.parse({ questions: [], screening: screening([]) });
    expect(formProblem(form)).toBe('Screening needs at least one rule to pass.');
    const ok = normalizeForm({ ...form, screening: { ...screening([isResident]), failMessage: '  ' } });
    expect(ok.screening?.failMessage).toBeUndefined();
    expect(screeningOf(ok)).not.toBeNull();
    expect(
      normalizeForm({ ...form, screening: { questions: [], pass: { join: 'all', rules: [] } } }).screening,
    ).toBe(undefined);
    expect(screeningOf({})).toBeNull();
  });

  it('a changed question or rule is a new screening; a changed message is not', () => {
    const a = screening([isResident]);
    expect(screeningFingerprint({ ...a, failMessage: 'Other words' })).toBe(screeningFingerprint(a));
    expect(screeningFingerprint(screening([isResident, adult]))).not.toBe(screeningFingerprint(a));
  });
});

describe('properties', () => {
  const answersArb = fc.record(
    {
      resident: fc.constantFrom('yes', 'no'),
      birth: fc
        .date({
          min: new Date('1950-01-01T00:00:00Z'),
          max: new Date('2025-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10)),
      income: fc.integer({ min: 0, max: 200_000 }),
      level: fc.constantFrom('Undergraduate', 'Graduate', 'Other'),
    },
    { requiredKeys: [] },
  );
  const ruleArb: fc.Arbitrary<ScreeningRule> = fc.oneof(
    fc.record({
      question: fc.constant('resident'),
      op: fc.constantFrom('equals', 'not'),
      value: fc.constantFrom('yes', 'no'),
    }),
    fc.record({
      question: fc.constant('birth'),
      op: fc.constantFrom('at_least', 'at_most'),
      value: fc.integer({ min: 0, max: 80 }),
      as: fc.constant('age_at_close' as const),
    }),
    fc.record({
      question: fc.constant('income'),
      op: fc.constantFrom('at_least', 'at_most'),
      value: fc.integer({ min: 0, max: 200_000 }),
    }),
    fc.record({
      question: fc.constant('level'),
      op: fc.constant('one_of'),
      value: fc.subarray(['Undergraduate', 'Graduate', 'Other'], { minLength: 1 }),
    }),
  ) as fc.Arbitrary<ScreeningRule>;

  it('pass or fail is deterministic, independent of answer order, and fails exactly on the rules that do not hold', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom<'all' | 'any'>('all', 'any'),
        answersArb,
        (rules, join, answers) => {
          const s = screening(rules, join);
          expect(screeningProblem(s)).toBeNull();
          const first = evaluateScreening(s, answers, close);
          const reversed = Object.fromEntries(Object.entries(answers).reverse());
          expect(evaluateScreening(s, reversed, close)).toEqual(first);
          expect(evaluateScreening(structuredClone(s), structuredClone(answers), new Date(close))).toEqual(
            first,
          );
          expect(first.passed).toBe(first.failedRules.length === 0);
          // Each rule alone agrees with the combined verdict.
          const alone = rules.map((r) => evaluateScreening(screening([r]), answers, close).passed);
          expect(first.passed).toBe(join === 'all' ? alone.every(Boolean) : alone.some(Boolean));
          if (!first.passed && join === 'all')
            expect(first.failedRules).toEqual(alone.flatMap((ok, i) => (ok ? [] : [i])));
        },
      ),
    );
  });

  it('the age rule agrees with a plain oracle (compare month/day strings)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1950-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.date({
          min: new Date('1950-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (b, at) => {
          const birthText = b.toISOString().slice(0, 10);
          const atText = at.toISOString().slice(0, 10);
          const years = Number(atText.slice(0, 4)) - Number(birthText.slice(0, 4));
          const oracle = atText.slice(5) >= birthText.slice(5) ? years : years - 1;
          expect(ageAt(birthText, at)).toBe(oracle);
        },
      ),
    );
  });

  it('the browser (the builder’s try-out) and the server evaluate with the same imported function', () => {
    const root = new URL('../../', import.meta.url);
    const page = readFileSync(new URL('web/features/builder/ScreeningEditor.tsx', root), 'utf8');
    const server = readFileSync(new URL('server/applications/screening.ts', root), 'utf8');
    for (const source of [page, server]) {
      expect(source).toMatch(
        /import \{[^}]*\bevaluateScreening\b[^}]*\} from '[./]+shared\/domain\/screening'/,
      );
      expect(source).not.toMatch(/function evaluateScreening/);
    }
  });
});
