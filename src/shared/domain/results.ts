/** What a publication shows its applicant (spec 001 §3 Published result). */
export interface Visibility {
  decision: boolean;
  score: boolean;
  comments: boolean;
  customMessage: string | null;
}

export interface ResultPayload {
  decision: string | null;
  score: number | null;
  comments: string | null;
}

/** The reviewer form settings that override the publishing defaults (see defaultVisibility). */
export interface ReviewerFormFlags {
  show_decision: boolean;
  show_score: boolean;
  show_comments: boolean;
}

/** Spec 001 §9: decision on, score off, comments off, no custom message. */
export const DEFAULT_VISIBILITY: Visibility = {
  decision: true,
  score: false,
  comments: false,
  customMessage: null,
};

/**
 * The 'What to send' defaults for a program: the decision only (the spec's defaults). A program's saved
 * reviewer form overrides them only by switching the decision off where its reviewers do not decide;
 * score and comments are written for the reviewers and are never sent unless the admin ticks them
 * (docs/decisions/018).
 */
export function defaultVisibility(reviewerForm: ReviewerFormFlags | null | undefined): Visibility {
  return { ...DEFAULT_VISIBILITY, decision: reviewerForm ? reviewerForm.show_decision : true };
}

/** An empty (or blank) custom message becomes null; others are trimmed. */
export function normalizeCustomMessage(message: string | null | undefined): string | null {
  const trimmed = (message ?? '').trim();
  return trimmed ? trimmed : null;
}

/** Only the visible fields; hidden ones are null, so they are never stored nor sent to the applicant. */
export function visiblePayload(visibility: Visibility, review: ResultPayload): ResultPayload {
  return {
    decision: visibility.decision ? review.decision : null,
    score: visibility.score ? review.score : null,
    comments: visibility.comments ? review.comments : null,
  };
}

export const COMMENT_PREVIEW_WORDS = 4;

/** The Results Queue's comment: the first 4 words, then an ellipsis when there were more. */
export function commentPreview(comments: string | null | undefined): string {
  const words = (comments ?? '').trim().split(/\s+/).filter(Boolean);
  const shown = words.slice(0, COMMENT_PREVIEW_WORDS).join(' ');
  return words.length > COMMENT_PREVIEW_WORDS ? `${shown}…` : shown;
}

export type PublishMode = 'all_finalized' | 'selected';

/** 'Published N finalized result(s).' / 'Published N selected result(s).' */
export function publishedMessage(mode: PublishMode, count: number): string {
  return `Published ${count} ${mode === 'all_finalized' ? 'finalized' : 'selected'} result(s).`;
}

/** 'Updated N published result(s).' after correcting what was sent. */
export function updatedMessage(count: number): string {
  return `Updated ${count} published result(s).`;
}

/** The confirmation before publishing: 'Publish to N applicants?' */
export function publishConfirmTitle(count: number): string {
  return `Publish to ${count} ${count === 1 ? 'applicant' : 'applicants'}?`;
}

/** Results per stage (decision 066): an applicant's result is that of the last stage they reached. */
export const stageResultMessages = {
  /** A publish or correction naming an applicant who was invited to the next stage. */
  invitedOnward: 'Applicants invited to the next stage get their result from that stage, not this one.',
};

/** A program's place among its stages, as the publish page tells it. */
export interface ResultStageInfo {
  stage_number: number;
  /** Stage 1's name. */
  program_name: string;
  next: { name: string } | null;
  invited_onward: number;
}

/**
 * The publish page's line about stages: on a stage with a next one, that its applicants invited there
 * are not in this queue (this stage publishes the others' "not shortlisted" outcome); on the last
 * stage, that its results are its applicants' results for the program.
 */
export function stageQueueNote(stage: ResultStageInfo): string {
  const place = `Stage ${stage.stage_number} of ${stage.program_name}.`;
  if (!stage.next)
    return `${place} These are the program’s final results for the applicants who reached this stage.`;
  const next = stage.next.name;
  const n = stage.invited_onward;
  if (n === 0)
    return `${place} Nobody is invited to ${next} yet: invite the shortlist first, or everyone listed here gets this stage’s result.`;
  const who = n === 1 ? '1 applicant invited to' : `${n} applicants invited to`;
  return `${place} ${who} ${next} ${n === 1 ? 'gets their' : 'get their'} result from that stage and ${n === 1 ? 'is' : 'are'} not listed here. Publishing here sends the not-shortlisted outcome to the others, while ${next} runs.`;
}
