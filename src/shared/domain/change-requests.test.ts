import { describe, expect, it } from 'vitest';
import {
  changesOpen,
  displayStatus,
  lockedChanges,
  lockedMessage,
  unlockable,
  unlockedKeys,
} from './change-requests';

const due = new Date('2026-05-01T12:00:00Z');
const at = (min: number) => new Date(due.getTime() + min * 60_000);
const questions = [
  { key: 'a', label: 'Budget', section: 's1' },
  { key: 'b', label: 'Essay', section: 's1' },
  { key: 'c', label: 'Letter', section: 's2' },
];

describe('changes requested', () => {
  it('counts as changes requested until the due date; after it passes, submitted as it was', () => {
    expect(displayStatus('submitted', due, at(-1))).toBe('changes_requested');
    expect(displayStatus('submitted', due, due)).toBe('submitted');
    expect(displayStatus('submitted', due, at(1))).toBe('submitted');
    expect(displayStatus('submitted', null, at(-1))).toBe('submitted');
    expect(displayStatus('withdrawn', due, at(-1))).toBe('withdrawn');
    expect(changesOpen(due.toISOString(), at(-5))).toBe(true);
    expect(changesOpen(due, at(5))).toBe(false);
  });

  it('only questions the applicant answers can be unlocked', () => {
    expect(['short_text', 'file', 'table'].every((type) => unlockable({ type }))).toBe(true);
    expect(unlockable({ type: 'content' })).toBe(false);
    expect(unlockable({ type: 'reference_letter' })).toBe(false);
  });

  it('unlocks every question, chosen questions, or the questions of chosen sections', () => {
    expect([...unlockedKeys(questions, { all: true })]).toEqual(['a', 'b', 'c']);
    expect([...unlockedKeys(questions, { question_keys: ['c'], section_keys: [] })]).toEqual(['c']);
    expect([...unlockedKeys(questions, { question_keys: [], section_keys: ['s1'] })]).toEqual(['a', 'b']);
  });

  it('names the locked questions whose answers changed', () => {
    const scope = { question_keys: ['a'], section_keys: [] };
    expect(lockedChanges(questions, scope, { a: 1, b: 'x' }, { a: 2, b: 'x' })).toEqual([]);
    expect(lockedChanges(questions, scope, { a: 1, b: 'x' }, { a: 1, b: 'y', c: 'new' })).toEqual([
      'Essay',
      'Letter',
    ]);
    expect(lockedChanges(questions, { all: true }, {}, { a: 1, b: 2, c: 3 })).toEqual([]);
    expect(lockedMessage(['Essay'])).toContain('This question is locked: Essay.');
  });
});
