import { describe, expect, it } from 'vitest';
import {
  commentPreview,
  DEFAULT_VISIBILITY,
  defaultVisibility,
  normalizeCustomMessage,
  publishConfirmTitle,
  publishedMessage,
  updatedMessage,
  visiblePayload,
} from './results';

describe('comment preview', () => {
  it('shows the first 4 words, then an ellipsis', () => {
    expect(commentPreview('Strong tone and excellent phrasing overall')).toBe('Strong tone and excellent…');
    expect(commentPreview('  lots   of   space  between words here ')).toBe('lots of space between…');
  });
  it('shows short comments whole, without an ellipsis', () => {
    expect(commentPreview('Great audition')).toBe('Great audition');
    expect(commentPreview('one two three four')).toBe('one two three four');
  });
  it('is empty for no comments', () => {
    expect(commentPreview(null)).toBe('');
    expect(commentPreview('   ')).toBe('');
  });
});

describe('default visibility', () => {
  it('is decision on, score off, comments off, no message without a saved reviewer form', () => {
    expect(DEFAULT_VISIBILITY).toEqual({
      decision: true,
      score: false,
      comments: false,
      customMessage: null,
    });
    expect(defaultVisibility(null)).toEqual(DEFAULT_VISIBILITY);
    expect(defaultVisibility(undefined)).not.toBe(DEFAULT_VISIBILITY);
  });
  it('sends the decision only by default; a reviewer form without decisions switches it off', () => {
    expect(defaultVisibility({ show_decision: false, show_score: true, show_comments: true })).toEqual({
      decision: false,
      score: false,
      comments: false,
      customMessage: null,
    });
    expect(defaultVisibility({ show_decision: true, show_score: true, show_comments: true })).toEqual({
      decision: true,
      score: false,
      comments: false,
      customMessage: null,
    });
  });
  it('asks before publishing and reports corrections', () => {
    expect(publishConfirmTitle(1)).toBe('Publish to 1 applicant?');
    expect(publishConfirmTitle(3)).toBe('Publish to 3 applicants?');
    expect(updatedMessage(2)).toBe('Updated 2 published result(s).');
  });
});

describe('publication payload and messages', () => {
  const review = { decision: 'accept', score: 9, comments: 'Lovely' };
  it('keeps only the visible fields', () => {
    expect(visiblePayload({ ...DEFAULT_VISIBILITY }, review)).toEqual({
      decision: 'accept',
      score: null,
      comments: null,
    });
    expect(
      visiblePayload({ decision: false, score: true, comments: true, customMessage: null }, review),
    ).toEqual({ decision: null, score: 9, comments: 'Lovely' });
  });
  it('turns an empty custom message into null', () => {
    expect(normalizeCustomMessage('')).toBeNull();
    expect(normalizeCustomMessage('   ')).toBeNull();
    expect(normalizeCustomMessage(undefined)).toBeNull();
    expect(normalizeCustomMessage(' Congratulations! ')).toBe('Congratulations!');
  });
  it("says the spec's success texts", () => {
    expect(publishedMessage('all_finalized', 3)).toBe('Published 3 finalized result(s).');
    expect(publishedMessage('selected', 1)).toBe('Published 1 selected result(s).');
  });
});
