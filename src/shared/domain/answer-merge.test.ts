import { describe, expect, it } from 'vitest';
import { backoffDelay, changedKeys, mergeAnswers, parseStored, sameValue } from './answer-merge';

describe('mergeAnswers', () => {
  it('keys the user changed win; every other key takes the server value', () => {
    const base = { a: '1', b: '1', c: '1' };
    const local = { a: 'mine', b: '1', c: '1' };
    const current = { a: '1', b: 'theirs', c: '1', d: 'new' };
    expect(mergeAnswers(base, local, current)).toEqual({
      answers: { a: 'mine', b: 'theirs', c: '1', d: 'new' },
      conflicts: [],
    });
  });
  it('a key both sides changed differently is a conflict; the local value is kept', () => {
    const r = mergeAnswers({ a: '1' }, { a: 'mine' }, { a: 'theirs' });
    expect(r).toEqual({ answers: { a: 'mine' }, conflicts: ['a'] });
  });
  it('both sides making the same change is no conflict', () => {
    expect(mergeAnswers({ a: '1' }, { a: '2' }, { a: '2' }).conflicts).toEqual([]);
  });
  it('a key the user cleared stays cleared; a key the server cleared stays cleared when untouched', () => {
    expect(mergeAnswers({ a: '1', b: '1' }, { b: '1' }, { a: '1', b: '1' }).answers).toEqual({ b: '1' });
    expect(mergeAnswers({ a: '1', b: '1' }, { a: '1', b: 'x' }, { b: '1' }).answers).toEqual({ b: 'x' });
  });
  it('compares objects (file answers) by value', () => {
    const f = { fileName: 'a', filePath: 'p' };
    expect(mergeAnswers({ f }, { f: { ...f } }, { f: { fileName: 'b', filePath: 'q' } }).answers).toEqual({
      f: { fileName: 'b', filePath: 'q' },
    });
  });
});

describe('sameValue / changedKeys', () => {
  it('treats null and missing alike and compares deeply', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(false, null)).toBe(false);
    expect(changedKeys({ a: 1, b: null }, { a: 2, c: undefined })).toEqual(['a']);
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt between half and all of the ceiling, capped', () => {
    const low = () => 0;
    const high = () => 1;
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, { random: high }))).toEqual([1000, 2000, 4000, 8000]);
    expect([1, 2, 3].map((n) => backoffDelay(n, { random: low }))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(20, { random: high })).toBe(30_000);
    expect(backoffDelay(20, { random: low })).toBe(15_000);
    expect(backoffDelay(0, { random: high })).toBe(1000);
    expect(backoffDelay(3, { baseMs: 100, maxMs: 250, random: high })).toBe(250);
  });
});

describe('parseStored', () => {
  it('reads what the page stored and ignores anything else', () => {
    const v = { answers: { a: 1 }, base: {}, baseVersion: 3, savedAt: 'now' };
    expect(parseStored(JSON.stringify(v))).toEqual(v);
    expect(parseStored(null)).toBeNull();
    expect(parseStored('{bad')).toBeNull();
    expect(parseStored(JSON.stringify({ answers: {}, base: {} }))).toBeNull();
  });
});
