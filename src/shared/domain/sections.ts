/**
 * Sections (pages) of a form (issue 29 item 4): the admin groups the questions under titled
 * sections; the applicant fills one section at a time. A form without sections is one page, as
 * before. Questions are stored in section order, so "earlier" (for conditions) is the same on every
 * page. Pure: no I/O.
 */
import type { ApplicationForm, Question, Section } from '../schemas/forms';

export interface Page {
  section: Section | null;
  questions: Question[];
}

export const hasSections = (form: Pick<ApplicationForm, 'sections'>) => (form.sections?.length ?? 0) > 0;

/** The form's pages in order: one per section (with its questions), or one untitled page. */
export function formPages(form: Pick<ApplicationForm, 'questions' | 'sections'>): Page[] {
  if (!hasSections(form)) return [{ section: null, questions: form.questions }];
  return (form.sections ?? []).map((section) => ({
    section,
    questions: form.questions.filter((q) => q.section === section.key),
  }));
}

/** Questions sorted into their sections' order (stable within a section), as the builder keeps them. */
export function sortBySection(questions: Question[], sections: Section[]): Question[] {
  if (!sections.length) return questions;
  const rank = new Map(sections.map((s, i) => [s.key, i]));
  return questions
    .map((q, i) => ({ q, i, r: rank.get(q.section ?? '') ?? sections.length }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.q);
}

/**
 * The first problem with the form's sections as a message naming it, or null: a section without a
 * title, two sections with one key, a question without a (known) section, or questions out of their
 * sections' order.
 */
export function sectionProblem(form: Pick<ApplicationForm, 'questions' | 'sections'>): string | null {
  const sections = form.sections ?? [];
  if (!sections.length) return null;
  const rank = new Map<string, number>();
  for (const [i, s] of sections.entries()) {
    if (!s.title.trim()) return `Section ${i + 1} needs a title.`;
    if (rank.has(s.key)) return `"${s.title.trim()}" has the same key as another section.`;
    rank.set(s.key, i);
  }
  let last = 0;
  for (const [i, q] of form.questions.entries()) {
    const name = q.label.trim() ? `"${q.label.trim()}"` : `Question ${i + 1}`;
    const at = q.section === undefined ? undefined : rank.get(q.section);
    if (at === undefined) return `${name} needs a section.`;
    if (at < last) return `${name} is out of its section's order.`;
    last = at;
  }
  return null;
}
