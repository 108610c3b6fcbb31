import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ApplicationForm, applicationFormSchema, type Question } from '../schemas/forms';
import { checkAnswer, cleanAnswers } from './answer-values';
import { answerUnfinished, missingRequiredLabels, unfinishedMessage } from './answers';
import { canBeDependedOn, conditionProblem, visibleKeys } from './conditions';
import { formProblem, normalizeForm } from './forms';
import { LIMITS } from './limits';
import { checkTable, tableProblem, tableRowLines, tableTotal, tableTotalText } from './tables';

const budget = (over: Partial<Question> = {}): Question => ({
  key: 'budget',
  type: 'table',
  label: 'Budget',
  required: false,
  columns: [
    { key: 'item', label: 'Item', type: 'text' },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'due', label: 'Due', type: 'date' },
  ],
  totalColumn: 'amount',
  ...over,
});

const form = (questions: Question[]): ApplicationForm => applicationFormSchema.parse({ questions });

describe('table answers (decision 060)', () => {
  it('checks each cell by its column type and stores numbers as numbers', () => {
    const q = budget();
    expect(
      checkAnswer(
        q,
        {
          rows: [
            { item: 'Venue', amount: '500', due: '2026-09-01' },
            { item: 'Food', amount: 250.5 },
          ],
        },
        'a',
      ),
    ).toEqual({
      ok: true,
      value: {
        rows: [
          { item: 'Venue', amount: 500, due: '2026-09-01' },
          { item: 'Food', amount: 250.5 },
        ],
        total: 750.5,
      },
    });
    expect(checkTable(q, { rows: [{ item: 'Venue', amount: 'lots' }, {}] })).toEqual({
      ok: false,
      problem: '"Budget": row 1, Amount: enter a number.',
    });
    expect(checkTable(q, { rows: [{}, { due: '2026-02-30' }] })).toEqual({
      ok: false,
      problem: '"Budget": row 2, Due: enter a date as YYYY-MM-DD.',
    });
    expect(checkTable(q, { rows: [{ item: 5 }] })).toEqual({
      ok: false,
      problem: '"Budget": row 1, Item: enter text.',
    });
    expect(checkTable(q, { rows: ['x'] })).toEqual({
      ok: false,
      problem: '"Budget": row 1 is not a row of the table.',
    });
    expect(checkTable(q, [{ item: 'x' }])).toEqual({
      ok: false,
      problem: '"Budget": enter the table\'s rows.',
    });
    expect(checkTable(q, { rows: [{ amount: LIMITS.tableNumber * 10 }] }).ok).toBe(false);
  });

  it('cuts text cells to their limit, drops unknown columns and blank cells, keeps blank rows', () => {
    const long = 'x'.repeat(LIMITS.tableCell + 20);
    expect(checkTable(budget(), { rows: [{ item: long, secret: 'no', amount: '' }, {}] })).toEqual({
      ok: true,
      value: { rows: [{ item: 'x'.repeat(LIMITS.tableCell) }, {}], total: 0 },
    });
    expect(checkTable(budget(), { rows: [] })).toEqual({ ok: true, value: null });
  });

  it('refuses more rows than allowed, and never more than the hard cap', () => {
    expect(checkTable(budget({ maxRows: 2 }), { rows: [{}, {}, {}] })).toEqual({
      ok: false,
      problem: '"Budget": add at most 2 rows.',
    });
    const many = { rows: Array.from({ length: LIMITS.tableRows + 1 }, () => ({})) };
    expect(checkTable(budget(), many).ok).toBe(false);
  });

  it('recomputes the total: a total sent by the client is never kept', () => {
    const checked = checkTable(budget(), { rows: [{ amount: 0.1 }, { amount: 0.2 }], total: 1_000_000 });
    expect(checked).toEqual({ ok: true, value: { rows: [{ amount: 0.1 }, { amount: 0.2 }], total: 0.3 } });
    // Without a total column no total is stored.
    const plain = checkTable(budget({ totalColumn: undefined }), { rows: [{ amount: 3 }], total: 3 });
    expect(plain).toEqual({ ok: true, value: { rows: [{ amount: 3 }] } });
  });

  it('is finished with at least minRows (or one) complete rows and no half-filled row', () => {
    const q = budget({ required: true, minRows: 2 });
    expect(tableProblem(q, undefined)).toBe('"Budget": add at least 2 rows.');
    const one = { rows: [{ item: 'Venue', amount: 500, due: '2026-09-01' }, {}] };
    expect(tableProblem(q, one)).toBe('"Budget": add at least 2 rows.');
    const half = { rows: [one.rows[0], { item: 'Food' }] };
    expect(tableProblem(q, half)).toBe('"Budget": fill in every cell of row 2, or clear it.');
    const two = { rows: [one.rows[0], {}, { item: 'Food', amount: 1, due: '2026-09-02' }] };
    expect(tableProblem(q, two)).toBeNull();
    // Not required: untouched is fine, started must be finished.
    const optional = budget({ minRows: 2 });
    expect(tableProblem(optional, { rows: [{}, {}] })).toBeNull();
    expect(tableProblem(optional, one)).toBe('"Budget": add at least 2 rows.');
    expect(answerUnfinished(optional, one)).toBe(true);
    expect(unfinishedMessage(optional, one)).toBe('"Budget": add at least 2 rows.');
    expect(missingRequiredLabels(form([q]), { budget: two })).toEqual([]);
    expect(missingRequiredLabels(form([q]), { budget: one })).toEqual(['Budget']);
    expect(missingRequiredLabels(form([budget({ required: true })]), {})).toEqual(['Budget']);
  });

  it('reads as lines and a total for exports, the PDF and emails', () => {
    const value = { rows: [{ item: 'Venue', amount: 1250 }, {}, { item: 'Food' }] };
    expect(tableRowLines(budget(), value)).toEqual(['Item: Venue, Amount: 1,250', 'Item: Food']);
    expect(tableTotalText(budget(), value)).toBe('Total: 1,250');
    expect(tableTotalText(budget({ totalColumn: undefined }), value)).toBeNull();
  });
});

describe('table settings (formProblem)', () => {
  const problem = (over: Partial<Question>) => formProblem(form([budget(over)]));
  it('accepts a good table and refuses bad settings, naming the question', () => {
    expect(problem({})).toBeNull();
    expect(problem({ columns: [] })).toBe('"Budget" needs at least one column.');
    expect(problem({ columns: undefined })).toBe('"Budget" needs at least one column.');
    expect(
      problem({
        columns: [
          { key: 'a', label: 'A', type: 'text' },
          { key: 'a', label: 'B', type: 'number' },
        ],
        totalColumn: undefined,
      }),
    ).toBe('"Budget": two columns have the same key.');
    expect(problem({ totalColumn: 'item' })).toBe('"Budget": the total must be of a number column.');
    expect(problem({ totalColumn: 'nope' })).toBe('"Budget": the total must be of a number column.');
    expect(problem({ minRows: 5, maxRows: 2 })).toBe(
      '"Budget": the fewest rows allowed are more than the most.',
    );
    expect(problem({ columns: [{ key: 'a', label: ' ', type: 'text' }], totalColumn: undefined })).toBe(
      '"Budget": column 1 needs a heading.',
    );
  });

  it('refuses more than 8 columns and more than 50 rows in the schema', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ key: `c${i}`, label: `C${i}`, type: 'text' }));
    expect(applicationFormSchema.safeParse({ questions: [budget({ columns: nine as never })] }).success).toBe(
      false,
    );
    expect(applicationFormSchema.safeParse({ questions: [budget({ maxRows: 51 })] }).success).toBe(false);
  });

  it('keeps its settings when normalized, and drops them from other types', () => {
    const [t] = normalizeForm(form([budget({ minRows: 1, maxRows: 5 })])).questions;
    expect(t).toMatchObject({ columns: budget().columns, minRows: 1, maxRows: 5, totalColumn: 'amount' });
    const [s] = normalizeForm(form([{ ...budget(), type: 'short_text' }])).questions;
    expect(s.columns).toBeUndefined();
    expect(s.totalColumn).toBeUndefined();
  });

  it('cannot be depended on, but can itself be conditional', () => {
    expect(canBeDependedOn(budget())).toBe(false);
    const yes: Question = { key: 'funded', type: 'yes_no', label: 'Funded?', required: false };
    const later: Question = {
      key: 'why',
      type: 'short_text',
      label: 'Why',
      required: false,
      showIf: { join: 'all', rules: [{ question: 'budget', op: 'equals', value: 'x' }] },
    };
    expect(conditionProblem([budget(), later])).toMatch(/cannot depend on "Budget"/);
    const shownIf = budget({
      showIf: { join: 'all', rules: [{ question: 'funded', op: 'equals', value: 'yes' }] },
    });
    expect(conditionProblem([yes, shownIf])).toBeNull();
    expect(visibleKeys([yes, shownIf], { funded: 'no' }).has('budget')).toBe(false);
    // A hidden table's answer is dropped, never checked.
    const cleaned = cleanAnswers(
      [yes, shownIf],
      { funded: 'no', budget: { rows: [{ amount: 'bad' }] } },
      'a',
    );
    expect(cleaned).toEqual({ answers: { funded: 'no' }, problems: {} });
  });
});

describe('table answers: properties', () => {
  const cell = fc.oneof(
    fc.constant(undefined),
    fc.constant(''),
    fc.string({ maxLength: 8 }),
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  );
  const rows = fc.array(fc.record({ item: cell, amount: cell, due: cell }, { requiredKeys: [] }), {
    maxLength: 12,
  });

  it('cleaning is idempotent and the total is the sum of the total column', () => {
    fc.assert(
      fc.property(rows, fc.option(fc.double({ noNaN: true })), (given, claimed) => {
        const q = budget();
        const once = checkTable(q, { rows: given, ...(claimed === null ? {} : { total: claimed }) });
        if (!once.ok || once.value === null) return;
        const twice = checkTable(q, once.value);
        expect(twice).toEqual(once);
        const sum = once.value.rows.reduce((s, r) => s + (typeof r.amount === 'number' ? r.amount : 0), 0);
        expect(once.value.total).toBeCloseTo(sum, 5);
        expect(once.value.total).toBe(tableTotal(q, once.value.rows));
      }),
    );
  });
});
