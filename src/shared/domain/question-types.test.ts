import { describe, expect, it } from 'vitest';
import type { Question } from '../schemas/forms';
import { answerFieldProblem, checkAnswer } from './answer-values';
import { missingRequiredLabels } from './answers';
import { conditionProblem, conditionSentence, visibleKeys } from './conditions';
import { formProblem, normalizeForm } from './forms';

const q = (type: Question['type'], over: Partial<Question> = {}): Question => ({
  key: 'k',
  type,
  label: 'Budget',
  required: false,
  ...over,
});

describe('number, yes/no, email and web address answers (issue 29 item 3)', () => {
  it('numbers: stored as numbers, whole when asked, within min and max', () => {
    const n = q('number', { min: 0, max: 100, integer: true });
    expect(checkAnswer(n, 12, 'a')).toEqual({ ok: true, value: 12 });
    expect(checkAnswer(n, ' 12 ', 'a')).toEqual({ ok: true, value: 12 });
    expect(checkAnswer(n, '', 'a')).toEqual({ ok: true, value: null });
    expect(checkAnswer(n, 'twelve', 'a')).toEqual({ ok: false, problem: 'Budget: enter a number.' });
    expect(checkAnswer(n, 1.5, 'a')).toEqual({ ok: false, problem: 'Budget: enter a whole number.' });
    expect(checkAnswer(n, -1, 'a')).toEqual({ ok: false, problem: 'Budget: enter a number of at least 0.' });
    expect(checkAnswer(n, 101, 'a')).toEqual({
      ok: false,
      problem: 'Budget: enter a number of at most 100.',
    });
    expect(checkAnswer(q('number'), 1.25, 'a')).toEqual({ ok: true, value: 1.25 });
  });

  it('the field beside the question says the server’s problem without repeating its name', () => {
    expect(answerFieldProblem(q('email'), 'not-an-email', 'a')).toBe(
      'Enter an email address such as name@example.com.',
    );
    expect(answerFieldProblem(q('number', { max: 10 }), '12', 'a')).toBe('Enter a number of at most 10.');
    expect(answerFieldProblem(q('number', { max: 10 }), '9', 'a')).toBeNull();
    expect(answerFieldProblem(q('url'), '', 'a')).toBeNull();
    const table = q('table', { columns: [{ key: 'c1', label: 'Amount', type: 'number' }] });
    expect(answerFieldProblem(table, { rows: [{ c1: 'lots' }] }, 'a')).toBe('Row 1, Amount: enter a number.');
  });

  it('yes/no, email and web address', () => {
    expect(checkAnswer(q('yes_no'), 'yes', 'a')).toEqual({ ok: true, value: 'yes' });
    expect(checkAnswer(q('yes_no'), true, 'a')).toEqual({ ok: false, problem: 'Budget: choose Yes or No.' });
    expect(checkAnswer(q('email'), ' ada@example.org ', 'a')).toEqual({ ok: true, value: 'ada@example.org' });
    expect(checkAnswer(q('email'), 'ada@', 'a')).toEqual({
      ok: false,
      problem: 'Budget: enter an email address such as name@example.com.',
    });
    expect(checkAnswer(q('url'), 'https://example.org/x', 'a')).toEqual({
      ok: true,
      value: 'https://example.org/x',
    });
    for (const bad of ['javascript:alert(1)', 'example.org', 'ftp://example.org'])
      expect(checkAnswer(q('url'), bad, 'a')).toEqual({
        ok: false,
        problem: 'Budget: enter a web address starting with https://',
      });
  });

  it("multiple select: options only, at least and at most, kept in the options' order", () => {
    const m = q('multi_select', { options: ['Strings', 'Winds', 'Brass'], minChoices: 1, maxChoices: 2 });
    expect(checkAnswer(m, ['Brass', 'Strings'], 'a')).toEqual({ ok: true, value: ['Strings', 'Brass'] });
    expect(checkAnswer(m, [], 'a')).toEqual({ ok: true, value: null });
    expect(checkAnswer(m, ['Drums'], 'a')).toEqual({
      ok: false,
      problem: 'Budget: choose from the options.',
    });
    expect(checkAnswer(m, 'Strings', 'a')).toEqual({
      ok: false,
      problem: 'Budget: choose from the options.',
    });
    expect(checkAnswer(m, ['Strings', 'Winds', 'Brass'], 'a')).toEqual({
      ok: false,
      problem: 'Budget: choose at most 2.',
    });
    const two = q('multi_select', { options: ['A', 'B'], minChoices: 2 });
    expect(checkAnswer(two, ['A'], 'a')).toEqual({ ok: false, problem: 'Budget: choose at least 2.' });
    // As a condition: "is" means among the choices.
    const qs: Question[] = [
      { ...m, key: 'sec', label: 'Sections' },
      {
        key: 'x',
        type: 'short_text',
        label: 'X',
        required: false,
        showIf: { join: 'all', rules: [{ question: 'sec', op: 'equals', value: 'Winds' }] },
      },
    ];
    expect(conditionProblem(qs)).toBeNull();
    expect(visibleKeys(qs, { sec: ['Strings', 'Winds'] }).has('x')).toBe(true);
    expect(visibleKeys(qs, { sec: ['Strings'] }).has('x')).toBe(false);
  });

  it('a content block takes no answer and is never required', () => {
    const c = q('content', { label: 'Before you start', help: 'Have your budget ready.', required: true });
    expect(checkAnswer(c, 'anything', 'a')).toEqual({ ok: true, value: null });
    const form = {
      questions: [c],
      common: { applyhub: false, coalition: false },
      profile: { enabled: false, sections: {} },
    };
    expect(normalizeForm(form).questions[0]).toMatchObject({
      required: false,
      help: 'Have your budget ready.',
    });
    expect(missingRequiredLabels(form, {})).toEqual([]);
  });

  it('number settings are kept and checked', () => {
    const form = {
      questions: [q('number', { min: 5, max: 1 })],
      common: { applyhub: false, coalition: false },
      profile: { enabled: false, sections: {} },
    };
    expect(formProblem(form)).toBe('"Budget": the smallest number allowed is above the largest.');
    const ok = normalizeForm({ ...form, questions: [q('number', { min: 1, unit: ' USD ', integer: true })] });
    expect(ok.questions[0]).toMatchObject({ min: 1, unit: 'USD', integer: true });
  });

  it('yes/no and number questions can be depended on', () => {
    const qs: Question[] = [
      { key: 'age', type: 'number', label: 'Age', required: false },
      { key: 'res', type: 'yes_no', label: 'Resident of the state', required: false },
      {
        key: 'x',
        type: 'short_text',
        label: 'X',
        required: false,
        showIf: {
          join: 'all',
          rules: [
            { question: 'age', op: 'at_least', value: 18 },
            { question: 'res', op: 'equals', value: 'yes' },
          ],
        },
      },
    ];
    expect(conditionProblem(qs)).toBeNull();
    expect(conditionSentence(qs[2].showIf!, qs)).toBe(
      'Shown if Age is at least 18, and Resident of the state is Yes',
    );
    expect(visibleKeys(qs, { age: 18, res: 'yes' }).has('x')).toBe(true);
    expect(visibleKeys(qs, { age: 17, res: 'yes' }).has('x')).toBe(false);
    expect(visibleKeys(qs, { age: 30, res: 'no' }).has('x')).toBe(false);
  });
});
