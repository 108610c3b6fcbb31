/**
 * Pure rules of the collaborative review (spec 001 §2 Reviewer screens, §4 Review, §9): status labels,
 * the Decision column, the raw ratings JSON, the decision check, and the per-field merge that makes
 * sure a concurrent edit never silently loses anybody's text.
 */

/** Review statuses as lists show them; 'not_started' is the absence of a review. */
export const reviewListStatuses = ['not_started', 'draft', 'submitted'] as const;
export type ReviewListStatus = (typeof reviewListStatuses)[number];

export const reviewStatusLabels: Record<ReviewListStatus, string> = {
  not_started: 'not started',
  draft: 'commented',
  submitted: 'finalized',
};

export function reviewStatusLabel(status: string | null | undefined): string {
  return reviewStatusLabels[(status ?? 'not_started') as ReviewListStatus] ?? String(status);
}

/** The spec's words for a review whose last editor is gone or has no name. */
export const UNKNOWN_USER = 'Unknown User';

/**
 * Who last edited a review, wherever a list or the review shows it: a dash when there is no review
 * yet (nobody to name), the editor's name, or 'Unknown User' for a review whose editor has no name.
 */
export function lastEditorText(review: { review_id: string | null; reviewer_name: string | null }): string {
  if (!review.review_id) return '—';
  return review.reviewer_name?.trim() ? review.reviewer_name : UNKNOWN_USER;
}

/** The Decision column: 'Disabled' when the program hides decisions, a dash when there is none. */
export function decisionCell(decision: string | null | undefined, showDecision: boolean): string {
  if (!showDecision) return 'Disabled';
  return decision?.trim() ? decision : '—';
}

/** The decision a ratings object holds ('' and non-strings count as none). */
export function decisionOf(ratings: Record<string, unknown> | null | undefined): string | null {
  const value = ratings?.decision;
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * The raw ratings JSON as typed: a JSON object, or null when the text is not valid JSON or not an
 * object (the spec: invalid JSON is ignored).
 */
export function parseRatings(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return null;
  } catch {
    return null;
  }
}

/** The reviewer form a review is checked against (a program's config with its defaults applied). */
export interface ReviewFieldsConfig {
  show_score: boolean;
  show_comments: boolean;
  show_decision: boolean;
  decision_options: string[];
}

/**
 * Which fields of a review write the program's reviewer form does not allow. Returns the first
 * problem's message and its field, or null. Fields left out (undefined) or cleared (null) are fine.
 */
export function reviewWriteProblem(
  config: ReviewFieldsConfig,
  input: { score?: number | null; comments?: string | null; ratings?: Record<string, unknown> },
): { field: string; message: string } | null {
  if (input.score !== undefined && input.score !== null && !config.show_score)
    return { field: 'score', message: 'Score is not enabled for this program.' };
  if (
    input.comments !== undefined &&
    input.comments !== null &&
    input.comments !== '' &&
    !config.show_comments
  )
    return { field: 'comments', message: 'Comments are not enabled for this program.' };
  const decision = input.ratings ? decisionOf(input.ratings) : null;
  if (input.ratings && input.ratings.decision !== undefined && input.ratings.decision !== null) {
    if (typeof input.ratings.decision !== 'string')
      return { field: 'decision', message: 'The decision must be text.' };
  }
  if (decision !== null) {
    if (!config.show_decision)
      return { field: 'decision', message: 'Decisions are not enabled for this program.' };
    if (!config.decision_options.includes(decision))
      return {
        field: 'decision',
        message: `The decision must be one of: ${config.decision_options.join(', ')}.`,
      };
  }
  return null;
}

/** The editable fields of a review as the panel holds them (text as typed). */
export interface ReviewFields {
  score: string;
  comments: string;
  /** The raw ratings JSON text. */
  ratings: string;
}

export type ReviewField = keyof ReviewFields;
export const reviewFieldNames: ReviewField[] = ['score', 'comments', 'ratings'];

export interface MergeResult {
  /** What the panel should now show: the other side's values, except where this side changed a field. */
  merged: ReviewFields;
  /** Fields both sides changed differently: `merged` keeps this side's text; `theirs` is shown beside it. */
  conflicts: { field: ReviewField; theirs: string }[];
}

/**
 * Three-way merge per field. `base` is the server version this side started editing from, `mine` the
 * panel's text, `theirs` the newer server version. A field only this side changed keeps this side's
 * text; a field only they changed takes theirs; a field both changed to different values keeps this
 * side's text and is reported as a conflict (so nothing typed is ever dropped).
 */
export function mergeReview(base: ReviewFields, mine: ReviewFields, theirs: ReviewFields): MergeResult {
  const merged = { ...theirs };
  const conflicts: MergeResult['conflicts'] = [];
  for (const field of reviewFieldNames) {
    const changedHere = mine[field] !== base[field];
    if (!changedHere) continue;
    merged[field] = mine[field];
    const changedThere = theirs[field] !== base[field];
    if (changedThere && theirs[field] !== mine[field]) conflicts.push({ field, theirs: theirs[field] });
  }
  return { merged, conflicts };
}

/** Fields whose text differs from the base (what a save would change). */
export function changedFields(base: ReviewFields, mine: ReviewFields): ReviewField[] {
  return reviewFieldNames.filter((f) => mine[f] !== base[f]);
}

/** A field both reviewers changed: this side's text stays in the field, theirs is shown beside it. */
export interface FieldConflict {
  field: ReviewField;
  theirs: string;
}

/**
 * What the Review panel edits: the server version it is based on (`base`), the text on screen
 * (`fields`) and the fields still in conflict. A conflict stays open until the reviewer chooses;
 * nothing resolves it by itself except the two texts becoming equal.
 */
export interface EditorState {
  base: ReviewFields;
  fields: ReviewFields;
  conflicts: FieldConflict[];
}

/**
 * A newer server version arrives (someone else saved, or this side's save met 409): merge it per
 * field. Open conflicts stay open (with their newest text) unless this side's text now equals theirs.
 */
export function receiveVersion(state: EditorState, theirs: ReviewFields): EditorState {
  const merged = mergeReview(state.base, state.fields, theirs);
  const open = new Map<ReviewField, FieldConflict>();
  for (const c of state.conflicts) open.set(c.field, { field: c.field, theirs: theirs[c.field] });
  for (const c of merged.conflicts) open.set(c.field, c);
  const conflicts = [...open.values()].filter((c) => merged.merged[c.field] !== theirs[c.field]);
  return { base: theirs, fields: merged.merged, conflicts };
}

export type Resolution = 'mine' | 'theirs' | 'both';

/** Only comments can sensibly keep both texts (mine first, theirs after a blank line). */
export const resolutionsFor = (field: ReviewField): Resolution[] =>
  field === 'comments' ? ['mine', 'theirs', 'both'] : ['mine', 'theirs'];

/** The reviewer settles one conflict: keep their own text, take theirs, or keep both. */
export function resolveConflict(state: EditorState, field: ReviewField, choice: Resolution): EditorState {
  const conflict = state.conflicts.find((c) => c.field === field);
  if (!conflict) return state;
  const mine = state.fields[field];
  const value =
    choice === 'mine'
      ? mine
      : choice === 'theirs'
        ? conflict.theirs
        : [mine.trim(), conflict.theirs.trim()].filter(Boolean).join('\n\n');
  return {
    ...state,
    fields: { ...state.fields, [field]: value },
    conflicts: state.conflicts.filter((c) => c.field !== field),
  };
}

const conflictNouns: Record<ReviewField, string> = {
  score: 'score',
  comments: 'comments',
  ratings: 'decision',
};

/** Why Save is refused right now: an open conflict (the reviewer must choose first), else null. */
export function saveBlockedMessage(conflicts: FieldConflict[]): string | null {
  const first = conflicts[0];
  return first ? `Choose which ${conflictNouns[first.field]} to keep before saving.` : null;
}

/**
 * The fields a save sends: those changed from the base, never one in conflict. A save after a 409 is
 * retried automatically only when nothing is in conflict (`autoRetry`).
 */
export function fieldsToSend(state: EditorState): { send: ReviewField[]; autoRetry: boolean } {
  const open = new Set(state.conflicts.map((c) => c.field));
  return {
    send: changedFields(state.base, state.fields).filter((f) => !open.has(f)),
    autoRetry: open.size === 0,
  };
}

/** A review as the panel edits it: the score as text, the ratings as pretty JSON. */
export function fieldsOf(
  review: { score: number | null; comments: string | null; ratings: Record<string, unknown> } | null,
): ReviewFields {
  return {
    score: review?.score === null || review?.score === undefined ? '' : String(review.score),
    comments: review?.comments ?? '',
    ratings: JSON.stringify(review?.ratings ?? {}, null, 2),
  };
}

/** The score's scale, enforced by the server and shown beside the field. */
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;
export const SCORE_RANGE_MESSAGE = `Enter a score from ${SCORE_MIN} to ${SCORE_MAX}.`;

/** The score as typed: null when blank, NaN when not a number. */
export function parseScore(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Rows newest first by submitted or updated time (the spec's sort for the review lists). */
export function reviewSortTime(row: { submitted_at: string | null; updated_at: string }): number {
  return new Date(row.submitted_at ?? row.updated_at).getTime();
}

/** The All Reviews total as shown: "1,000+" when the server stopped counting at its cap. */
export function reviewTotalText(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}
