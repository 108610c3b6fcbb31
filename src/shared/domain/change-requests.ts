/**
 * Request changes (issue 31 item 1; decision 063). An admin asks the applicant of a submitted
 * application for changes to the whole application or to chosen questions and sections, by a due
 * date. Pure rules used by the server (which enforces them) and the pages (which show them).
 *
 * - The application keeps its status `submitted`; an open request is derived from its due date:
 *   it counts as *Changes requested* until it is resubmitted or the due date passes. After that it
 *   counts as submitted, as it was (the applicant's unsent edits are never shown to anyone else).
 * - Only the unlocked questions may change; a locked question's answer sent anyway is refused.
 */

import { sameValue } from './answer-merge';
import type { ApplicationStatus } from './applications';

/** What the applicant may change: everything, or these questions and the questions of these sections. */
export type ChangeScope = { all: true } | { question_keys: string[]; section_keys: string[] };

interface ScopedQuestion {
  key: string;
  label?: string;
  type?: string;
  section?: string;
}

/** A question a request can unlock: one the applicant answers (not a content block nor a reference letter). */
export const unlockable = (q: { type?: string }) => q.type !== 'content' && q.type !== 'reference_letter';

/** The request is open (the applicant may change the unlocked questions) until its due date. */
export function changesOpen(dueAt: Date | string | null | undefined, now: Date): boolean {
  if (!dueAt) return false;
  return new Date(dueAt).getTime() > now.getTime();
}

/** The keys of the questions the request unlocks. */
export function unlockedKeys(questions: readonly ScopedQuestion[], scope: ChangeScope): Set<string> {
  if ('all' in scope) return new Set(questions.map((q) => q.key));
  const sections = new Set(scope.section_keys);
  const keys = new Set(scope.question_keys);
  return new Set(
    questions.filter((q) => keys.has(q.key) || (q.section && sections.has(q.section))).map((q) => q.key),
  );
}

/**
 * The labels of locked questions whose answer differs between what was submitted (`before`) and
 * what is sent (`after`): each is refused, with its name. Empty: the answers may be stored.
 */
export function lockedChanges(
  questions: readonly ScopedQuestion[],
  scope: ChangeScope,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const open = unlockedKeys(questions, scope);
  return questions
    .filter((q) => !open.has(q.key) && !sameValue(before[q.key], after[q.key]))
    .map((q) => q.label || q.key);
}

/** The message refusing changes to locked questions, naming them. */
export function lockedMessage(labels: string[]): string {
  return `${labels.length === 1 ? 'This question is' : 'These questions are'} locked: ${labels.join(', ')}. Only the questions the organization asked about can be changed.`;
}

/** The status as lists, dashboards and exports show it: submitted with an open request is *Changes requested*. */
export type DisplayStatus = ApplicationStatus | 'changes_requested';

export function displayStatus(
  status: ApplicationStatus,
  changesDueAt: Date | string | null | undefined,
  now: Date,
): DisplayStatus {
  return status === 'submitted' && changesOpen(changesDueAt, now) ? 'changes_requested' : status;
}

/** Most applications one request covers. */
export const MAX_CHANGE_REQUEST_IDS = 100;
export const MAX_CHANGE_MESSAGE = 5000;

export const changeRequestMessages = {
  action: 'Request changes',
  title: 'Request changes',
  messageLabel: 'Message to the applicant',
  dueLabel: 'Due date',
  scopeLabel: 'What may be changed',
  scopeAll: 'The whole application',
  scopeSome: 'Chosen questions and sections',
  pickOne: 'Choose at least one question or section.',
  sent: 'Changes requested',
  status: 'Changes requested',
  mustBeFuture: 'Choose a due date in the future.',
  messageRequired: 'Write a message to the applicant.',
  notInProgram: 'Some of these applications are not in this program.',
  onlySubmitted: 'Changes can be requested only on a submitted application.',
  published: 'Results are published: changes can no longer be requested.',
  unknownKeys: 'Some of these questions or sections are not on the form.',
  banner: (org: string, due: string) => `Changes requested by ${org}, due ${due}`,
  editHint: 'Only the questions the organization asked about can be changed. The others are locked.',
  lockedQuestion: 'Locked',
  resubmit: 'Resubmit',
  resubmitted: 'Application resubmitted!',
  notOpen: 'No changes were requested on this application, or the due date has passed.',
  changedSinceScored: 'Changed since you scored',
  version: (n: number, of: number) => `Version ${n} of ${of}`,
  differences: 'What changed',
  noDifferences: 'No answers changed.',
} as const;
