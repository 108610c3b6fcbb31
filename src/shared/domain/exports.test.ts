import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportFileName, neutralizeCell, questionHeaders } from './exports';

describe('neutralizeCell (formula injection)', () => {
  it('prefixes an apostrophe to cells starting with = + - @ tab or CR', () => {
    for (const bad of [
      '=HYPERLINK("http://evil.test","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\rcmd',
      '＝1+1',
    ]) {
      expect(neutralizeCell(bad)).toBe(`'${bad}`);
    }
  });

  it('leaves everything else alone', () => {
    for (const good of ['Hello', ' =not first', 'a=b', '', '1-2', "'quoted", 'line\n=next', '🎻 violin']) {
      expect(neutralizeCell(good)).toBe(good);
    }
  });

  it('never leaves a dangerous first character, and only ever adds one apostrophe', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutralizeCell(s);
        expect(/^[=+\-@\t\r]/.test(out)).toBe(false);
        expect(out === s || out === `'${s}`).toBe(true);
      }),
    );
  });
});

describe('questionHeaders', () => {
  it('uses labels, adding the key where labels repeat or are blank', () => {
    expect(
      questionHeaders([
        { key: 'a', label: 'Essay' },
        { key: 'b', label: 'Name' },
        { key: 'c', label: 'Essay ' },
        { key: 'd', label: '' },
      ]),
    ).toEqual(['Essay (a)', 'Name', 'Essay (c)', 'Question (d)']);
  });
});

describe('exportFileName', () => {
  it('is a plain, dated file name', () => {
    expect(
      exportFileName(
        ['Riverside Arts', 'Ópera & Ballet: Auditions'],
        'csv',
        new Date('2026-06-01T12:00:00Z'),
      ),
    ).toBe('riverside-arts-opera-ballet-auditions-2026-06-01.csv');
    expect(exportFileName(['🎻'], 'zip', new Date('2026-06-01T00:00:00Z'))).toBe('export-2026-06-01.zip');
  });
});
