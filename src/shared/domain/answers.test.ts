import { describe, expect, it } from 'vitest';
import type { ApplicationForm, Question } from '../schemas/forms';
import { checkAnswer, cleanAnswers } from './answer-values';
import {
  countWords,
  cutToWords,
  isMissingAnswer,
  maxWordsOf,
  missingRequiredLabels,
  requiredFieldsMessage,
  wordCounter,
  wordStateText,
} from './answers';

const q = (key: string, type: Question['type'], over: Partial<Question> = {}): Question => ({
  key,
  type,
  label: key.toUpperCase(),
  required: false,
  ...over,
});
const form = (...questions: Question[]): ApplicationForm => ({
  questions,
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
});

describe('countWords', () => {
  it('counts runs of non-space characters', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  one   two\nthree\tfour ')).toBe(4);
    expect(countWords("don't stop-me")).toBe(2);
  });
});

describe('cutToWords', () => {
  it('keeps text within the limit unchanged (trailing spaces too)', () => {
    expect(cutToWords('a b c ', 3)).toBe('a b c ');
    expect(cutToWords('a b', 5)).toBe('a b');
  });
  it('cuts past the limit, keeping the spacing before the cut', () => {
    expect(cutToWords('a  b\nc d e', 3)).toBe('a  b\nc');
    expect(cutToWords('  lead one two', 1)).toBe('  lead');
  });
  it('the default limit is 100 words', () => {
    expect(maxWordsOf({})).toBe(100);
    expect(maxWordsOf({ maxWords: 7 })).toBe(7);
    const long = Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ');
    expect(countWords(cutToWords(long, maxWordsOf({})))).toBe(100);
  });
});

describe('wordCounter', () => {
  it("reads 'n/max words' with the under / at / over state and the spec's texts", () => {
    expect(wordCounter('a b', 3)).toEqual({ text: '2/3 words', state: 'under' });
    expect(wordCounter('a b c', 3)).toEqual({ text: '3/3 words', state: 'at' });
    expect(wordCounter('a b c d', 3)).toEqual({ text: '4/3 words', state: 'over' });
    expect(wordStateText).toEqual({ at: 'At word limit', over: 'Over word limit' });
  });
});

describe('required answers', () => {
  it('missing: empty, a blank string, an empty list, an unticked checkbox', () => {
    for (const v of [undefined, null, '', '   ', [], false]) expect(isMissingAnswer(v)).toBe(true);
    for (const v of ['x', ['a'], true, 0, { fileName: 'a' }]) expect(isMissingAnswer(v)).toBe(false);
  });
  it('lists the labels of required questions without an answer, in form order', () => {
    const f = form(
      q('a', 'short_text', { required: true }),
      q('b', 'checkbox', { required: true }),
      q('c', 'long_text'),
      q('d', 'select', { required: true, options: ['x'] }),
    );
    expect(missingRequiredLabels(f, { a: ' ', b: false, d: 'x' })).toEqual(['A', 'B']);
    expect(missingRequiredLabels(f, { a: 'ok', b: true, d: 'x' })).toEqual([]);
  });
  it('words the refusal as the spec does', () => {
    expect(requiredFieldsMessage(['Name', 'Essay'])).toBe(
      'Please complete the following required fields: Name, Essay',
    );
  });
});

describe('checkAnswer / cleanAnswers', () => {
  const id = '11111111-1111-4111-8111-111111111111';
  const file = (path: string) => ({
    fileName: 'a.pdf',
    filePath: path,
    fileSize: 3,
    contentType: 'application/pdf',
    uploadedAt: '2026-01-01T00:00:00.000Z',
  });
  it('cuts short text at maxLength and long text at its word limit', () => {
    expect(checkAnswer(q('s', 'short_text', { maxLength: 3 }), 'abcdef', id)).toEqual({
      ok: true,
      value: 'abc',
    });
    expect(checkAnswer(q('l', 'long_text', { maxWords: 2 }), 'a b c', id)).toEqual({
      ok: true,
      value: 'a b',
    });
  });
  it('refuses a select value that is not an option, a non-boolean checkbox, a malformed or impossible date', () => {
    expect(checkAnswer(q('s', 'select', { options: ['A'] }), 'B', id).ok).toBe(false);
    expect(checkAnswer(q('s', 'select', { options: ['A'] }), 'A', id).ok).toBe(true);
    expect(checkAnswer(q('c', 'checkbox'), 'true', id).ok).toBe(false);
    expect(checkAnswer(q('d', 'date'), '2026-13-01', id).ok).toBe(false);
    expect(checkAnswer(q('d', 'date'), '2026-02-29', id).ok).toBe(false);
    expect(checkAnswer(q('d', 'date'), '2028-02-29', id)).toEqual({ ok: true, value: '2028-02-29' });
  });
  it('accepts a file only under applications/{id}/{key}/', () => {
    expect(checkAnswer(q('f', 'file'), file(`applications/${id}/f/1_a.pdf`), id).ok).toBe(true);
    expect(checkAnswer(q('f', 'file'), file(`applications/${id}/g/1_a.pdf`), id).ok).toBe(false);
    expect(checkAnswer(q('f', 'file'), file('applications/other/f/1_a.pdf'), id).ok).toBe(false);
    expect(checkAnswer(q('f', 'file'), 'a.pdf', id).ok).toBe(false);
  });
  it('drops unknown keys and cleared answers; reports one problem per bad key', () => {
    const qs = [q('a', 'short_text'), q('b', 'checkbox'), q('c', 'date')];
    expect(cleanAnswers(qs, { a: 'x', zzz: 'dropped', b: 'no', c: '' }, id)).toEqual({
      answers: { a: 'x' },
      problems: { b: 'B: must be ticked or not.' },
    });
  });
});
