/**
 * "Hide applicant identity from reviewers" (issue 20 item 6): the one rule of what a reviewer of a
 * blind program is not sent, used by every reviewer-facing response (review lists, review detail,
 * application, files) and by exports. Org admins, program admins and super admins see everything.
 */
import type { ApplicationForm } from '../schemas/forms';
import { profileFieldsBySection } from './profile-visibility';

/** Profile sections that identify the applicant: their contact details and their family's. */
export const IDENTITY_PROFILE_SECTIONS = ['personal', 'family'] as const;

/**
 * What a blind program's reviewers get of the profile: a list of what is kept (writing, experience
 * and the snapshot's own markers), so a field added to profiles later is hidden until named here.
 */
const blindProfileFields = new Set<string>([
  ...profileFieldsBySection.writing,
  ...profileFieldsBySection.experience,
  '__snapshot_at',
  '__source',
  '__version',
]);

/** What a caller sees of a program's applicants. */
export interface ReviewerView {
  /** Identity hidden: the program is blind and the caller does not administer it. */
  hideIdentity: boolean;
  /** Question keys the admin hid from reviewers (empty for admins). */
  hiddenQuestions: string[];
}

/** Admins of the program (and super admins) see everything; its reviewers see what the settings allow. */
export function reviewerView(
  settings: { blind: boolean; hidden_questions: string[] },
  isProgramAdmin: boolean,
): ReviewerView {
  if (isProgramAdmin) return { hideIdentity: false, hiddenQuestions: [] };
  return { hideIdentity: settings.blind, hiddenQuestions: settings.hidden_questions };
}

/**
 * "Attachment 3.pdf": the name a file goes by where identity is hidden (the reviewer's page, its
 * download, the PDF and the dossier): its place among the application's files and its extension.
 */
export function attachmentName(n: number | null, fileName: string): string {
  return `Attachment${n ? ` ${n}` : ''}${fileExtension(fileName)}`;
}

/** A file name's extension as a hidden name keeps it: '.pdf' (lower case, at most 5 characters), or ''. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && fileName.length - dot <= 6 ? fileName.slice(dot).toLowerCase() : '';
}

/** "Applicant #12": the name a blind program's reviewers see. */
export const applicantLabel = (number: number | null | undefined) =>
  number ? `Applicant #${number}` : 'Applicant';

/** The name to show for an application row or page: the applicant's, or "Applicant #N" when hidden. */
export function applicantDisplayName(row: {
  applicant_name: string | null;
  applicant_number?: number | null;
  identity_hidden?: boolean;
}): string {
  if (row.identity_hidden) return applicantLabel(row.applicant_number);
  return row.applicant_name ?? 'Applicant';
}

/** The form as a reviewer sees it: hidden questions are left out. */
export function formForReviewer(form: ApplicationForm, view: ReviewerView): ApplicationForm {
  if (view.hiddenQuestions.length === 0) return form;
  const hidden = new Set(view.hiddenQuestions);
  return { ...form, questions: form.questions.filter((q) => !hidden.has(q.key)) };
}

/** Answers as a reviewer sees them: hidden questions' answers are not sent. */
export function answersForReviewer(
  answers: Record<string, unknown>,
  view: ReviewerView,
): Record<string, unknown> {
  if (view.hiddenQuestions.length === 0) return answers;
  const hidden = new Set(view.hiddenQuestions);
  return Object.fromEntries(Object.entries(answers).filter(([k]) => !hidden.has(k)));
}

/** A profile snapshot as a blind program's reviewer sees it: writing and experience only. */
export function snapshotForReviewer(
  snapshot: Record<string, unknown> | null,
  view: ReviewerView,
): Record<string, unknown> | null {
  if (!snapshot || !view.hideIdentity) return snapshot;
  const kept = Object.fromEntries(Object.entries(snapshot).filter(([k]) => blindProfileFields.has(k)));
  return Object.keys(kept).some((k) => !k.startsWith('__')) ? kept : null;
}
