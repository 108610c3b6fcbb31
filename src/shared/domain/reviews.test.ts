import { describe, expect, it } from 'vitest';
import {
  changedFields,
  decisionCell,
  decisionOf,
  fieldsOf,
  fieldsToSend,
  lastEditorText,
  mergeReview,
  parseRatings,
  parseScore,
  receiveVersion,
  resolveConflict,
  reviewStatusLabel,
  reviewTotalText,
  reviewWriteProblem,
  saveBlockedMessage,
} from './reviews';

describe('reviewStatusLabel', () => {
  it('shows the spec words', () => {
    expect(reviewStatusLabel('not_started')).toBe('not started');
    expect(reviewStatusLabel(null)).toBe('not started');
    expect(reviewStatusLabel('draft')).toBe('commented');
    expect(reviewStatusLabel('submitted')).toBe('finalized');
  });
});

describe('lastEditorText', () => {
  it("is a dash when there is no review yet, never 'Unknown User' for a missing reviewer", () => {
    expect(lastEditorText({ review_id: null, reviewer_name: null })).toBe('—');
  });
  it("names the editor, or says 'Unknown User' for a review whose editor has no name", () => {
    expect(lastEditorText({ review_id: 'r1', reviewer_name: 'Jordan Lee' })).toBe('Jordan Lee');
    expect(lastEditorText({ review_id: 'r1', reviewer_name: null })).toBe('Unknown User');
    expect(lastEditorText({ review_id: 'r1', reviewer_name: '  ' })).toBe('Unknown User');
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

describe('conflicts between two reviewers', () => {
  const base = { score: '80', comments: 'Base.', ratings: '{}' };
  const start = { base, fields: base, conflicts: [] };

  it('a field both changed stays in conflict with this side’s text on screen, and is never sent', () => {
    const typed = { ...start, fields: { ...base, score: '85', comments: 'Mine.' } };
    const theirs = { ...base, comments: 'Theirs.' };
    const next = receiveVersion(typed, theirs);
    expect(next.fields).toEqual({ score: '85', comments: 'Mine.', ratings: '{}' });
    expect(next.conflicts).toEqual([{ field: 'comments', theirs: 'Theirs.' }]);
    expect(fieldsToSend(next)).toEqual({ send: ['score'], autoRetry: false });
    expect(saveBlockedMessage(next.conflicts)).toBe('Choose which comments to keep before saving.');
  });

  it('a field only they changed is taken and a retry may go ahead', () => {
    const typed = { ...start, fields: { ...base, score: '85' } };
    const next = receiveVersion(typed, { ...base, comments: 'Theirs.' });
    expect(next.fields.comments).toBe('Theirs.');
    expect(next.conflicts).toEqual([]);
    expect(fieldsToSend(next)).toEqual({ send: ['score'], autoRetry: true });
    expect(saveBlockedMessage(next.conflicts)).toBeNull();
  });

  it('an open conflict survives a further version and follows their newest text', () => {
    const typed = { ...start, fields: { ...base, comments: 'Mine.' } };
    const first = receiveVersion(typed, { ...base, comments: 'Theirs.' });
    const second = receiveVersion(first, { ...base, comments: 'Theirs.', score: '90' });
    expect(second.conflicts).toEqual([{ field: 'comments', theirs: 'Theirs.' }]);
    const third = receiveVersion(second, { ...base, comments: 'Theirs again.', score: '90' });
    expect(third.conflicts).toEqual([{ field: 'comments', theirs: 'Theirs again.' }]);
    expect(third.fields.comments).toBe('Mine.');
    // It closes by itself only when both texts agree.
    expect(receiveVersion(third, { ...third.base, comments: 'Mine.' }).conflicts).toEqual([]);
  });

  it('the reviewer chooses: keep mine (sent), use theirs (not sent), keep both (sent)', () => {
    const open = receiveVersion(
      { ...start, fields: { ...base, comments: 'Mine.' } },
      { ...base, comments: 'Theirs.' },
    );
    const mine = resolveConflict(open, 'comments', 'mine');
    expect(mine.fields.comments).toBe('Mine.');
    expect(fieldsToSend(mine)).toEqual({ send: ['comments'], autoRetry: true });
    const theirs = resolveConflict(open, 'comments', 'theirs');
    expect(theirs.fields.comments).toBe('Theirs.');
    expect(fieldsToSend(theirs)).toEqual({ send: [], autoRetry: true });
    const both = resolveConflict(open, 'comments', 'both');
    expect(both.fields.comments).toBe('Mine.\n\nTheirs.');
    expect(both.conflicts).toEqual([]);
  });
});

describe('reviewTotalText', () => {
  it('shows an exact total as a number and a capped one with a plus', () => {
    expect(reviewTotalText(12, false)).toBe('12');
    expect(reviewTotalText(1000, true)).toBe('1,000+');
  });
});
