import { describe, expect, it } from 'vitest';
import type { ApplicationForm, Question } from '../../shared/schemas/forms';
import { shownLetterQuestions } from './documents';

const track: Question = {
  key: 'track',
  type: 'select',
  label: 'Track',
  required: true,
  options: ['Performance', 'Composition'],
};
const refs: Question = { key: 'refs', type: 'reference_letter', label: 'References', required: false };
const extra: Question = {
  key: 'extra',
  type: 'reference_letter',
  label: 'Composition letter',
  required: false,
  showIf: { join: 'all', rules: [{ question: 'track', op: 'equals', value: 'Composition' }] },
};
const form = (questions: Question[]): ApplicationForm => ({
  questions,
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
});

describe('shownLetterQuestions (the letter questions a document counts)', () => {
  it('is every letter question of a form without conditions', () => {
    expect(shownLetterQuestions(form([track, refs]), {}).map((q) => q.key)).toEqual(['refs']);
  });

  it('leaves out a letter question its condition hides for these answers', () => {
    const f = form([track, refs, extra]);
    expect(shownLetterQuestions(f, { track: 'Performance' }).map((q) => q.key)).toEqual(['refs']);
    expect(shownLetterQuestions(f, { track: 'Composition' }).map((q) => q.key)).toEqual(['refs', 'extra']);
  });

  it('leaves out a question the admin hid from the reader', () => {
    const f = form([track, refs, extra]);
    expect(shownLetterQuestions(f, { track: 'Composition' }, ['refs']).map((q) => q.key)).toEqual(['extra']);
  });
});
