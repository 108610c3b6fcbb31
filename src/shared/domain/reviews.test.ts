import { describe, expect, it } from 'vitest';
import {
  changedFields,
  decisionCell,
  decisionOf,
  fieldsOf,
  mergeReview,
  parseRatings,
  parseScore,
  reviewStatusLabel,
  reviewTotalText,
  reviewWriteProblem,
} from './reviews';

describe('reviewStatusLabel', () => {
  it('shows the spec words', () => {
    expect(reviewStatusLabel('not_started')).toBe('not started');
    expect(reviewStatusLabel(null)).toBe('not started');
    expect(reviewStatusLabel('draft')).toBe('commented');
    expect(reviewStatusLabel('submitted')).toBe('finalized');
  });
});

describe('decisionCell', () => {
  it("is 'Disabled' when the program hides decisions, a dash when none, else the decision", () => {
    expect(decisionCell('accept', false)).toBe('Disabled');
    expect(decisionCell(null, true)).toBe('—');
    expect(decisionCell('  ', true)).toBe('—');
    expect(decisionCell('accept', true)).toBe('accept');
  });
});

describe('decisionOf and parseRatings', () => {
  it('reads the decision from the ratings', () => {
    expect(decisionOf({ decision: 'accept' })).toBe('accept');
    expect(decisionOf({ decision: '' })).toBeNull();
    expect(decisionOf({ decision: 3 })).toBeNull();
    expect(decisionOf(null)).toBeNull();
  });
  it('ignores invalid JSON and anything but an object', () => {
    expect(parseRatings('{"decision":"accept","tone":4}')).toEqual({ decision: 'accept', tone: 4 });
    expect(parseRatings('{"decision":')).toBeNull();
    expect(parseRatings('[1]')).toBeNull();
    expect(parseRatings('null')).toBeNull();
    expect(parseRatings('"x"')).toBeNull();
  });
});

describe('reviewWriteProblem', () => {
  const config = {
    show_score: true,
    show_comments: true,
    show_decision: true,
    decision_options: ['accept', 'reject'],
  };
  it('accepts enabled fields and a decision among the options', () => {
    expect(
      reviewWriteProblem(config, { score: 4, comments: 'x', ratings: { decision: 'accept' } }),
    ).toBeNull();
    expect(reviewWriteProblem(config, { ratings: { decision: null } })).toBeNull();
  });
  it('refuses a decision outside the options, or not text', () => {
    expect(reviewWriteProblem(config, { ratings: { decision: 'maybe' } })?.field).toBe('decision');
    expect(reviewWriteProblem(config, { ratings: { decision: 1 } })?.message).toBe(
      'The decision must be text.',
    );
  });
  it('refuses fields the reviewer form hides, but allows clearing them', () => {
    const off = { ...config, show_score: false, show_comments: false, show_decision: false };
    expect(reviewWriteProblem(off, { score: 1 })?.message).toBe('Score is not enabled for this program.');
    expect(reviewWriteProblem(off, { comments: 'x' })?.message).toBe(
      'Comments are not enabled for this program.',
    );
    expect(reviewWriteProblem(off, { ratings: { decision: 'accept' } })?.message).toBe(
      'Decisions are not enabled for this program.',
    );
    expect(reviewWriteProblem(off, { score: null, comments: '', ratings: { tone: 2 } })).toBeNull();
  });
});

describe('mergeReview', () => {
  const base = { score: '80', comments: 'Good', ratings: '{}' };
  it('takes their changes where this side changed nothing', () => {
    const theirs = { ...base, score: '85' };
    expect(mergeReview(base, base, theirs)).toEqual({ merged: theirs, conflicts: [] });
  });
  it('keeps this side’s changes to other fields', () => {
    const mine = { ...base, comments: 'Good and in tune' };
    const theirs = { ...base, score: '85' };
    expect(mergeReview(base, mine, theirs)).toEqual({
      merged: { score: '85', comments: 'Good and in tune', ratings: '{}' },
      conflicts: [],
    });
  });
  it('keeps this side’s text and reports theirs when both changed the same field', () => {
    const mine = { ...base, comments: 'Mine' };
    const theirs = { ...base, comments: 'Theirs' };
    expect(mergeReview(base, mine, theirs)).toEqual({
      merged: mine,
      conflicts: [{ field: 'comments', theirs: 'Theirs' }],
    });
  });
  it('is no conflict when both made the same change', () => {
    const same = { ...base, comments: 'Same' };
    expect(mergeReview(base, same, same).conflicts).toEqual([]);
  });
  it('changedFields lists what differs from the base', () => {
    expect(changedFields(base, { ...base, score: '1', ratings: '{"a":1}' })).toEqual(['score', 'ratings']);
  });
});

describe('fieldsOf and parseScore', () => {
  it('turns a review into editable text and back', () => {
    expect(fieldsOf(null)).toEqual({ score: '', comments: '', ratings: '{}' });
    expect(fieldsOf({ score: 7.5, comments: null, ratings: { decision: 'accept' } })).toEqual({
      score: '7.5',
      comments: '',
      ratings: '{\n  "decision": "accept"\n}',
    });
    expect(parseScore(' ')).toBeNull();
    expect(parseScore('7.5')).toBe(7.5);
    expect(parseScore('abc')).toBeNaN();
  });
});

describe('reviewTotalText', () => {
  it('shows an exact total as a number and a capped one with a plus', () => {
    expect(reviewTotalText(12, false)).toBe('12');
    expect(reviewTotalText(1000, true)).toBe('1,000+');
  });
});
