import { describe, expect, it } from 'vitest';
import { type Question, questionTypes } from '../schemas/forms';
import { versionDiff } from './version-diff';

const q = (key: string, type: Question['type'], over: Partial<Question> = {}): Question => ({
  key,
  type,
  label: key.toUpperCase(),
  required: false,
  ...over,
});
const file = (name: string, path: string) => ({
  fileName: name,
  filePath: path,
  fileSize: 10,
  contentType: 'application/pdf',
  uploadedAt: '2026-01-01T00:00:00Z',
});

describe('versionDiff', () => {
  it('text types: the old text struck, the new one marked', () => {
    for (const type of ['short_text', 'long_text', 'email', 'url', 'date'] as const) {
      const d = versionDiff([q('a', type)], { a: 'old' }, { a: 'new' });
      expect(d).toEqual([
        {
          key: 'a',
          label: 'A',
          type,
          change: 'changed',
          parts: [
            { kind: 'removed', text: 'old' },
            { kind: 'added', text: 'new' },
          ],
        },
      ]);
    }
  });

  it('unchanged answers and content blocks are left out; missing and empty are the same', () => {
    const qs = [q('a', 'short_text'), q('c', 'content'), q('m', 'multi_select')];
    expect(versionDiff(qs, { a: 'x', m: [] }, { a: 'x' })).toEqual([]);
  });

  it('numbers with their unit; added and removed answers', () => {
    const qs = [q('n', 'number', { unit: 'USD' }), q('k', 'number')];
    const d = versionDiff(qs, { n: 100, k: 3 }, { n: 250 });
    expect(d[0]).toMatchObject({
      change: 'changed',
      parts: [
        { kind: 'removed', text: '100 USD' },
        { kind: 'added', text: '250 USD' },
      ],
    });
    expect(d[1]).toMatchObject({ key: 'k', change: 'removed', parts: [{ kind: 'removed', text: '3' }] });
    expect(versionDiff(qs, {}, { k: 0 })[0]).toMatchObject({
      change: 'added',
      parts: [{ kind: 'added', text: '0' }],
    });
  });

  it('choices, yes/no and checkbox as their words', () => {
    const qs = [q('s', 'select', { options: ['A', 'B'] }), q('y', 'yes_no'), q('c', 'checkbox')];
    const d = versionDiff(qs, { s: 'A', y: 'no', c: false }, { s: 'B', y: 'yes', c: true });
    expect(d.map((x) => x.parts)).toEqual([
      [
        { kind: 'removed', text: 'A' },
        { kind: 'added', text: 'B' },
      ],
      [
        { kind: 'removed', text: 'No' },
        { kind: 'added', text: 'Yes' },
      ],
      [
        { kind: 'removed', text: 'Not checked' },
        { kind: 'added', text: 'Checked' },
      ],
    ]);
  });

  it('multi-select: kept options plain, dropped struck, new marked, in the options order', () => {
    const qs = [q('m', 'multi_select', { options: ['Red', 'Green', 'Blue'] })];
    const d = versionDiff(qs, { m: ['Red', 'Green'] }, { m: ['Green', 'Blue'] });
    expect(d[0].parts).toEqual([
      { kind: 'removed', text: 'Red' },
      { kind: 'same', text: 'Green' },
      { kind: 'added', text: 'Blue' },
    ]);
  });

  it('table: rows kept plain, changed rows struck and marked, the total follows; blank rows are no change', () => {
    const budget = q('b', 'table', {
      columns: [
        { key: 'item', label: 'Item', type: 'text' },
        { key: 'amount', label: 'Amount', type: 'number' },
      ],
      totalColumn: 'amount',
    });
    const before = {
      rows: [
        { item: 'Venue', amount: 500 },
        { item: 'Fees', amount: 250 },
      ],
      total: 750,
    };
    const after = { rows: [{ item: 'Venue', amount: 500 }, { item: 'Fees', amount: 300 }, {}], total: 800 };
    expect(versionDiff([budget], { b: before }, { b: after })[0]).toMatchObject({
      change: 'changed',
      parts: [
        { kind: 'same', text: 'Item: Venue, Amount: 500' },
        { kind: 'removed', text: 'Item: Fees, Amount: 250' },
        { kind: 'removed', text: 'Total: 750' },
        { kind: 'added', text: 'Item: Fees, Amount: 300' },
        { kind: 'added', text: 'Total: 800' },
      ],
    });
    expect(
      versionDiff([budget], { b: before }, { b: { ...before, rows: [...before.rows, { item: '' }] } }),
    ).toEqual([]);
  });

  it('files: replaced, added and removed; the same stored file is no change', () => {
    const qs = [q('f', 'file'), q('g', 'file'), q('h', 'file')];
    const before = { f: file('budget.pdf', 'p/f/1'), g: file('cv.pdf', 'p/g/1') };
    const after = {
      f: file('budget.pdf', 'p/f/2'),
      g: file('cv.pdf', 'p/g/1'),
      h: file('letter.pdf', 'p/h/1'),
    };
    const d = versionDiff(qs, before, after);
    expect(d.map((x) => [x.key, x.change, x.parts])).toEqual([
      [
        'f',
        'changed',
        [
          { kind: 'removed', text: 'budget.pdf' },
          { kind: 'added', text: 'budget.pdf' },
        ],
      ],
      ['h', 'added', [{ kind: 'added', text: 'letter.pdf' }]],
    ]);
    expect(versionDiff(qs, after, { g: after.g })).toMatchObject([
      { key: 'f', change: 'removed', parts: [{ kind: 'removed', text: 'budget.pdf' }] },
      { key: 'h', change: 'removed' },
    ]);
  });

  it('every question type: a changed answer is a difference; content blocks and reference letters have none', () => {
    // One pair of different answers per type (the Record makes a new type fail to compile here).
    const changed: Record<Question['type'], [unknown, unknown] | null> = {
      short_text: ['a', 'b'],
      long_text: ['a', 'b'],
      date: ['2026-01-01', '2026-02-01'],
      select: ['A', 'B'],
      checkbox: [false, true],
      file: [file('a.pdf', 'p/1'), file('a.pdf', 'p/2')],
      number: [1, 2],
      yes_no: ['no', 'yes'],
      email: ['a@example.org', 'b@example.org'],
      url: ['https://a.example', 'https://b.example'],
      multi_select: [['A'], ['B']],
      content: null,
      table: [{ rows: [{ item: 'A' }] }, { rows: [{ item: 'B' }] }],
      reference_letter: null,
    };
    for (const type of questionTypes) {
      const question = q('x', type, {
        options: ['A', 'B'],
        columns: [{ key: 'item', label: 'Item', type: 'text' }],
      });
      const pair = changed[type];
      const [before, after] = pair ?? ['something', 'else'];
      const d = versionDiff([question], { x: before }, { x: after });
      if (pair) expect(d, type).toMatchObject([{ key: 'x', type, change: 'changed' }]);
      else expect(d, type).toEqual([]);
    }
  });

  it('keys no longer on the form are ignored', () => {
    expect(versionDiff([q('a', 'short_text')], { gone: 1 }, { gone: 2 })).toEqual([]);
  });
});
