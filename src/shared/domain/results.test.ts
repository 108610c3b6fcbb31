import { describe, expect, it } from 'vitest';
import {
  commentPreview,
  DEFAULT_VISIBILITY,
  defaultVisibility,
  normalizeCustomMessage,
  publishConfirmTitle,
  publishedMessage,
  stageQueueNote,
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

describe('results per stage (decision 066)', () => {
  const stage = {
    stage_number: 1,
    program_name: 'Arts Grant',
    next: { name: 'Full proposal' },
    invited_onward: 2,
  };
  it('tells stage 1’s publisher that the invited are not listed, and what publishing here sends', () => {
    expect(stageQueueNote(stage)).toBe(
      'Stage 1 of Arts Grant. 2 applicants invited to Full proposal get their result from that stage and are not listed here. Publishing here sends the not-shortlisted outcome to the others, while Full proposal runs.',
    );
    expect(stageQueueNote({ ...stage, invited_onward: 1 })).toContain(
      '1 applicant invited to Full proposal gets their result from that stage and is not listed here.',
    );
  });
  it('warns before anyone is invited that everyone listed would get this stage’s result', () => {
    expect(stageQueueNote({ ...stage, invited_onward: 0 })).toBe(
      'Stage 1 of Arts Grant. Nobody is invited to Full proposal yet: invite the shortlist first, or everyone listed here gets this stage’s result.',
    );
  });
  it('calls the last stage’s results the program’s final results', () => {
    expect(stageQueueNote({ ...stage, stage_number: 2, next: null, invited_onward: 0 })).toBe(
      'Stage 2 of Arts Grant. These are the program’s final results for the applicants who reached this stage.',
    );
  });
});
