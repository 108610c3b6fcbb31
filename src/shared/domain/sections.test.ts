import { describe, expect, it } from 'vitest';
import type { ApplicationForm, Question, Section } from '../schemas/forms';
import { pageProblems } from './answers';
import { formProblem, normalizeForm } from './forms';
import { formPages, sectionProblem, sortBySection } from './sections';

const q = (key: string, section: string | undefined, over: Partial<Question> = {}): Question => ({
  key,
  type: 'short_text',
  label: key.toUpperCase(),
  required: false,
  ...(section ? { section } : {}),
  ...over,
});
const sections: Section[] = [
  { key: 'about', title: 'About you' },
  { key: 'music', title: 'Your music' },
];
const form = (questions: Question[], s: Section[] | undefined = sections): ApplicationForm => ({
  questions,
  sections: s,
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
});

describe('sections', () => {
  it('a form without sections is one untitled page, as before', () => {
    const f = form([q('a', undefined), q('b', undefined)], []);
    expect(formPages(f)).toEqual([{ section: null, questions: f.questions }]);
    expect(sectionProblem(f)).toBeNull();
    expect(formProblem(f)).toBeNull();
  });

  it('groups questions into their sections in order', () => {
    const f = form([q('a', 'about'), q('b', 'music'), q('c', 'music')]);
    expect(formPages(f).map((p) => [p.section?.title, p.questions.map((x) => x.key)])).toEqual([
      ['About you', ['a']],
      ['Your music', ['b', 'c']],
    ]);
    expect(formProblem(f)).toBeNull();
  });

  it('names the problem: a missing title, a question without a section, questions out of order', () => {
    expect(sectionProblem(form([], [{ key: 'x', title: ' ' }]))).toBe('Section 1 needs a title.');
    expect(sectionProblem(form([q('a', undefined)]))).toBe('"A" needs a section.');
    expect(sectionProblem(form([q('a', 'gone')]))).toBe('"A" needs a section.');
    expect(sectionProblem(form([q('a', 'music'), q('b', 'about')]))).toBe(
      '"B" is out of its section\'s order.',
    );
  });

  it('sorts questions into their sections, keeping their order within one', () => {
    const sorted = sortBySection(
      [q('a', 'music'), q('b', 'about'), q('c', 'music'), q('d', 'about')],
      sections,
    );
    expect(sorted.map((x) => x.key)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('marks the sections with missing required answers, leaving out hidden questions', () => {
    const f = form([
      q('a', 'about', { required: true }),
      q('pick', 'about', { type: 'select', options: ['Yes', 'No'] }),
      q('b', 'music', {
        required: true,
        showIf: { join: 'all', rules: [{ question: 'pick', op: 'equals', value: 'Yes' }] },
      }),
    ]);
    expect(pageProblems(f, {})).toEqual([['A'], []]);
    expect(pageProblems(f, { a: 'x', pick: 'Yes' })).toEqual([[], ['B']]);
  });

  it("normalizing keeps sections and each question's section; no sections: none kept", () => {
    const f = normalizeForm(form([q('a', 'about')], [{ key: 'about', title: ' About you ' }]));
    expect(f.sections).toEqual([{ key: 'about', title: 'About you' }]);
    expect(f.questions[0].section).toBe('about');
    const flat = normalizeForm(form([q('a', 'about')], []));
    expect(flat.sections).toBeUndefined();
    expect(flat.questions[0].section).toBeUndefined();
  });
});
