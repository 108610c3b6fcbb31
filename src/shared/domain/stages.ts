/**
 * Programs in stages (issue 32, decision 066): the pure rules both sides use. A later stage is a
 * program of its own, linked to the stage-1 program; applicants reach it only by invitation, and the
 * invitation's draft is prefilled from the previous stage's answers where a question is the same.
 */
import type { ApplicationForm, Question } from '../schemas/forms';
import { cleanAnswers } from './answer-values';
import { visibleAnswers } from './conditions';

/** The most applications one invitation request may name. */
export const MAX_STAGE_INVITATIONS = 10_000;
/** The longest message of an invitation. */
export const MAX_INVITATION_MESSAGE = 5_000;
/** The most stages a program may have (stage 1 included). */
export const MAX_STAGES = 10;

export const stageMessages = {
  invitationOnly: 'This stage is by invitation only.',
  lockedByStage:
    'This application is read-only: you were invited to the next stage, and your answers here can no longer be changed.',
  noNextStage: 'This program has no next stage yet. Add a stage before inviting applicants.',
  nextStageNotLive: 'Publish the next stage before inviting applicants to it.',
  tooManyStages: `A program can have at most ${MAX_STAGES} stages.`,
  stageOfDeleted: 'This program is deleted. Restore it before adding a stage.',
  invitationNotFound: 'Invitation not found.',
  alreadyWithdrawn: 'This invitation was already withdrawn.',
  alreadySubmitted: 'The applicant already submitted this stage: the invitation can no longer be withdrawn.',
  chooseApplicants: 'Choose the applications to invite, or a filter.',
  notAStage: 'This program is not a later stage of another program.',
  stagePublished:
    'Stage published. It is by invitation only: invite applicants of the previous stage from the Applications Inbox.',
  stageSubmitted: 'Stage submitted for super admin approval. It will be published once approved.',
};

/** The default name of the stage numbered `n` ("Stage 2"). */
export const defaultStageName = (n: number) => `Stage ${n}`;

/** Question types whose answers are never carried into another stage. */
const NOT_CARRIED = new Set<Question['type']>([
  // A file belongs to its application (its object key names it): the reviewer of the later stage
  // opens it through the previous stage's answers instead.
  'file',
  // Letters are written by others for one application.
  'reference_letter',
  // No answer.
  'content',
]);

/** Whether a question of the next stage takes the applicant's earlier answer (given the same key). */
export const carriesAnswer = (q: Pick<Question, 'type'>) => !NOT_CARRIED.has(q.type);

/**
 * The keys of the next stage's questions that take the previous stage's answer: the same key and
 * the same type, except files, reference letters and content blocks.
 */
export function prefillKeys(
  from: Pick<ApplicationForm, 'questions'>,
  to: Pick<ApplicationForm, 'questions'>,
) {
  const previous = new Map(from.questions.map((q) => [q.key, q.type]));
  return to.questions.filter((q) => carriesAnswer(q) && previous.get(q.key) === q.type).map((q) => q.key);
}

/**
 * The answers a next-stage draft starts with: the previous stage's answers that were shown (its
 * conditions decide), to the questions of `prefillKeys`, kept only where the next stage's form
 * accepts them as they are (an option the next stage does not offer, a longer text than it allows,
 * is left for the applicant).
 */
export function prefillAnswers(
  from: ApplicationForm,
  to: ApplicationForm,
  answers: Record<string, unknown>,
): Record<string, unknown> {
  const keys = prefillKeys(from, to);
  if (keys.length === 0) return {};
  const shown = visibleAnswers(from, answers);
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(shown, key)) picked[key] = shown[key];
  const cleaned = cleanAnswers(to, picked, 'prefill').answers;
  // "As they are": an answer the next form would change (a text cut to its length) is left out too.
  return Object.fromEntries(
    Object.entries(cleaned).filter(([key, value]) => JSON.stringify(value) === JSON.stringify(picked[key])),
  );
}

/**
 * The previous stage's questions a later stage's builder offers to copy: those whose key the form
 * being built does not hold yet. A copy keeps the key (and type), which is what prefills an invited
 * applicant's answer (`prefillKeys`); the builder gives a new question a fresh key, so without a copy
 * no question of a later stage is ever "the same".
 */
export function copyableQuestions(
  from: Pick<ApplicationForm, 'questions'>,
  to: Pick<ApplicationForm, 'questions'>,
): Question[] {
  const used = new Set(to.questions.map((q) => q.key));
  return from.questions.filter((q) => !used.has(q.key));
}

/**
 * A previous stage's question as a later stage's: the same key, type, label and settings; not its
 * condition (it names questions of the other form) nor its section (`section`: the form's own, if any).
 */
export function stageQuestionCopy(q: Question, section?: string): Question {
  const { showIf: _showIf, section: _section, ...rest } = structuredClone(q);
  return section ? { ...rest, section } : rest;
}

/** A stage's state on the applicant's card: the invitation's draft is 'invited'. */
export type StageLineStatus = 'invited' | 'submitted' | 'withdrawn';

export function stageLineStatus(applicationStatus: string, invitationWithdrawn: boolean): StageLineStatus {
  if (invitationWithdrawn || applicationStatus === 'withdrawn') return 'withdrawn';
  return applicationStatus === 'draft' ? 'invited' : 'submitted';
}

export const stageLineLabels: Record<StageLineStatus, string> = {
  invited: 'Invited',
  submitted: 'Submitted',
  withdrawn: 'Invitation withdrawn',
};

/** "Stage 2 of Youth Grants": a later stage named by its place in its program. */
export const stageOfLabel = (stageNumber: number, programName: string) =>
  `Stage ${stageNumber} of ${programName}`;

/** "Stage 2 · Full proposal": one tab of the builder's stage strip. */
export const stageTabLabel = (stageNumber: number, name: string) => `Stage ${stageNumber} · ${name}`;

interface ListedProgram {
  id: string;
  name: string;
  parent_program_id?: string | null;
  stage_number?: number;
}

export interface ListedWithStages<T> {
  program: T;
  /** A later stage: its number and its program's name (null when that program is not known). */
  stage: { number: number; of: string | null } | null;
  /** For a program: how many stages of it the list holds (1 for an ordinary program). */
  stages: number;
}

/**
 * An admin list of programs with each program's later stages right after it (by stage number),
 * so a stage reads as part of its program, not as a program of its own. A stage whose program is
 * not in the list (deleted, or filtered out) keeps its own place and names its program from `known`
 * (other lists the screen holds) where it can. Otherwise the list's order is kept.
 */
export function withStages<T extends ListedProgram>(items: T[], known: ListedProgram[] = []) {
  const listed = new Map(items.map((p) => [p.id, p]));
  const names = new Map([...known, ...items].map((p) => [p.id, p.name]));
  const children = new Map<string, T[]>();
  for (const p of items)
    if (p.parent_program_id && listed.has(p.parent_program_id))
      children.set(p.parent_program_id, [...(children.get(p.parent_program_id) ?? []), p]);
  const out: ListedWithStages<T>[] = [];
  const stageOf = (p: T) =>
    p.parent_program_id ? { number: p.stage_number ?? 2, of: names.get(p.parent_program_id) ?? null } : null;
  for (const p of items) {
    if (p.parent_program_id && listed.has(p.parent_program_id)) continue;
    const later = (children.get(p.id) ?? []).sort((a, b) => (a.stage_number ?? 0) - (b.stage_number ?? 0));
    out.push({ program: p, stage: stageOf(p), stages: later.length + 1 });
    for (const s of later) out.push({ program: s, stage: stageOf(s), stages: 1 });
  }
  return out;
}

/** "Letter of intent (stage 1)": a stage as the review screen's tabs and the applicant's results name it. */
export const stageLabel = (name: string, stageNumber: number) => `${name} (stage ${stageNumber})`;

/**
 * The state of an earlier stage's application invited onward (the inbox's rows, the exports):
 * "Invited to Full proposal", "Submitted Full proposal", "Invitation withdrawn".
 */
export function invitationStateText(status: StageLineStatus, stageName: string): string {
  if (status === 'invited') return `Invited to ${stageName}`;
  if (status === 'submitted') return `Submitted ${stageName}`;
  return stageLineLabels.withdrawn;
}

/** What an invitation did, in words (the inbox's result line). */
export function inviteResultText(r: {
  stage: { name: string };
  invited: number;
  already_invited: number;
  skipped: number;
}): string {
  const plural = (n: number) => (n === 1 ? 'applicant' : 'applicants');
  const head = `${r.invited} ${plural(r.invited)} invited to ${r.stage.name}.`;
  const skipped = r.already_invited + r.skipped;
  if (skipped === 0) return head;
  const why = [
    r.already_invited ? `${r.already_invited} already invited` : '',
    r.skipped ? `${r.skipped} not submitted` : '',
  ].filter(Boolean);
  return `${head} ${skipped} skipped (${why.join(', ')}).`;
}
