import { describe, expect, it } from 'vitest';
import { reviewStatusLabel } from './program-status';

describe('program reviewStatusLabel', () => {
  it('says each status in plain words, never the stored value', () => {
    expect(reviewStatusLabel('pending_changes')).toBe('Changes pending approval');
    expect(reviewStatusLabel('changes_requested')).toBe('Changes requested');
    expect(reviewStatusLabel('draft')).toBe('Draft');
    expect(reviewStatusLabel('approved')).toBe('Published');
    expect(reviewStatusLabel('something_else')).toBe('Draft');
  });
});
