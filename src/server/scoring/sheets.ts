import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mayReadOthers, scoresProblem, scoringMessages, sheetTotal } from '../../shared/domain/scoring';
import { type Actor, can } from '../../shared/policy';
import type {
  finalDecisionInput,
  NextToScore,
  ScoreSheet,
  ScoringDetail,
  saveSheetInput,
} from '../../shared/schemas/scoring';
import { APPLICATION_NOT_FOUND, readableApplication } from '../applications/access';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { programAdminAccess } from '../program-assignments/access';
import { programScope } from '../programs/queries';
import { notifyTopic } from '../realtime/notify';
import { reviewDetailRow, reviewerFormOf, reviewOf } from '../reviews/queries';
import { writeReview } from '../reviews/service';
import { aggregatesSql, toAggregate } from './aggregates';
import { declareConflict } from './assignments';
import type { ReviewerAccess } from './gate';
import { rows, sheetById, sheetOf, sheetsOf } from './queries';

export const SHEET_NOT_FOUND = 'Score sheet not found.';
export const NOT_SUBMITTED = 'Only a submitted score sheet can be reopened.';

/** A refused sheet write (stale version or submitted sheet): the 409 carries the sheet as it now is. */
export class SheetConflict extends Conflict {
  constructor(
    message: string,
    readonly sheet: ScoreSheet | null,
  ) {
    super(message);
  }
}

/** An application of an independent-scoring program the caller reviews, past the reviewer gate. */
async function scoredApplication(db: Db, actor: Actor | null, applicationId: string) {
  const ref = await readableApplication(db, actor, applicationId);
  if (ref.role !== 'reviewer') throw new NotFound(APPLICATION_NOT_FOUND);
  if (ref.access.settings.mode !== 'independent') throw new Conflict(scoringMessages.independentOnly);
  return { ...ref, access: ref.access as ReviewerAccess };
}

/** The aggregate of one application (the program's aggregate query, so its rank is the program's). */
async function aggregateOfApplication(db: Db, programId: string, applicationId: string) {
  const [row] = await rows(
    db,
    sql`select * from (${aggregatesSql(sql`s.program_id = ${programId}`)}) ag
      where ag.application_id = ${applicationId}`,
  );
  return row ? toAggregate(row) : null;
}

/**
 * The scoring panel of one application: the rubric, the caller's own sheet, and the other sheets
 * the caller may read (every sheet for admins; for reviewers the submitted ones, as the program's
 * independence setting allows), with the aggregate when the others are shown, and for admins the
 * final decision.
 */
export async function getScoringDetail(
  db: Db,
  actor: Actor | null,
  applicationId: string,
): Promise<ScoringDetail> {
  const ref = await scoredApplication(db, actor, applicationId);
  const me = requireActor(actor);
  const { admin, settings } = ref.access;
  const sheets = await sheetsOf(db, applicationId);
  const mine = sheets.find((s) => s.reviewer_id === me.userId) ?? null;
  const readOthers = admin || mayReadOthers(settings.sheet_visibility, mine?.status === 'submitted');
  const others = readOthers ? sheets.filter((s) => s !== mine && (admin || s.status === 'submitted')) : [];
  const [aggregate, review, form] = await Promise.all([
    readOthers ? aggregateOfApplication(db, ref.programId, applicationId) : null,
    admin ? reviewOf(db, applicationId) : null,
    rows(db, sql`select reviewer_form from programs where id = ${ref.programId}`),
  ]);
  return {
    application_id: applicationId,
    program_id: ref.programId,
    mode: settings.mode,
    sheet_visibility: settings.sheet_visibility,
    criteria: settings.criteria,
    can_admin: admin,
    my_sheet: mine,
    others,
    others_hidden: readOthers
      ? null
      : settings.sheet_visibility === 'never'
        ? scoringMessages.othersHidden
        : scoringMessages.othersAfterSubmit,
    aggregate,
    decision: admin
      ? review
        ? {
            decision: review.decision,
            score: review.score,
            status: review.status,
            version: review.version,
            submitted_at: review.submitted_at,
          }
        : null
      : null,
    decision_options: reviewerFormOf(form[0]?.reviewer_form).decision_options,
  };
}

/**
 * Saves the caller's own score sheet: scores checked against the rubric, comments for the
 * applicant and private notes; `submit` locks it (every counting criterion scored, unless
 * abstaining). A stale version or a submitted sheet is refused with the sheet as it is.
 */
export async function saveSheet(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
  input: z.output<typeof saveSheetInput>,
): Promise<ScoreSheet> {
  const ref = await scoredApplication(db, actor, applicationId);
  const me = requireActor(actor);
  if (!ref.access.sheet) throw new Forbidden(scoringMessages.notAssigned);
  const criteria = ref.access.settings.criteria;
  const submit = input.submit === true;
  const problem = scoresProblem(criteria, input.scores, { submit, abstain: input.abstain });
  if (problem) throw new Invalid(problem.message, { [problem.field]: problem.message });
  const now = clock.now();
  await db.transaction(async (tx) => {
    const current = await sheetOf(tx, applicationId, me.userId, { lock: true });
    if (!current) throw new Forbidden(scoringMessages.notAssigned);
    if (current.status === 'submitted') throw new SheetConflict(scoringMessages.sheetSubmitted, current);
    if (current.version !== input.version) throw new SheetConflict(scoringMessages.sheetStale, current);
    const scores = Object.fromEntries(criteria.map((c) => [c.key, input.scores[c.key] ?? null]));
    await tx.execute(sql`update score_sheets set
        scores = ${JSON.stringify(scores)}::jsonb, abstain = ${input.abstain},
        ${input.comments !== undefined ? sql`comments = ${input.comments?.trim() || null},` : sql``}
        ${input.notes !== undefined ? sql`notes = ${input.notes?.trim() || null},` : sql``}
        total = ${sheetTotal(criteria, scores, input.abstain)},
        status = ${submit ? 'submitted' : 'draft'},
        submitted_at = ${submit ? now.toISOString() : null}::timestamptz,
        reopen_requested_at = null, reopen_note = null,
        version = version + 1, updated_at = ${now.toISOString()}::timestamptz
      where id = ${current.id}`);
    await notifyTopic(tx, `review:${applicationId}`, {
      kind: 'sheet',
      status: submit ? 'submitted' : 'draft',
    });
    await notifyTopic(tx, 'reviews', { application_id: applicationId, program_id: ref.programId });
  });
  return (await sheetOf(db, applicationId, me.userId))!;
}

/** One score sheet: its reviewer's, the program admins', and other reviewers' as independence allows. */
export async function getSheet(db: Db, actor: Actor | null, sheetId: string): Promise<ScoreSheet> {
  const me = requireActor(actor);
  const sheet = await sheetById(db, sheetId);
  if (!sheet) throw new NotFound(SHEET_NOT_FOUND);
  const ref = await readableApplication(db, me, sheet.application_id).catch((err: unknown) => {
    if (err instanceof NotFound) throw new NotFound(SHEET_NOT_FOUND);
    throw err;
  });
  if (ref.role !== 'reviewer') throw new NotFound(SHEET_NOT_FOUND);
  if (sheet.reviewer_id === me.userId || ref.access.admin) return sheet;
  const { sheet_visibility } = ref.access.settings;
  if (!mayReadOthers(sheet_visibility, ref.access.sheet?.status === 'submitted'))
    throw new Forbidden(
      sheet_visibility === 'never' ? scoringMessages.othersHidden : scoringMessages.othersAfterSubmit,
    );
  if (sheet.status !== 'submitted') throw new Forbidden(scoringMessages.othersAfterSubmit);
  return sheet;
}

/** The reviewer asks the program admin to reopen their submitted sheet. */
export async function requestReopen(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  sheetId: string,
  note: string | null,
): Promise<ScoreSheet> {
  const me = requireActor(actor);
  const sheet = await sheetById(db, sheetId);
  if (!sheet || sheet.reviewer_id !== me.userId) throw new NotFound(SHEET_NOT_FOUND);
  await scoredApplication(db, me, sheet.application_id);
  if (sheet.status !== 'submitted') throw new Conflict(NOT_SUBMITTED);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update score_sheets set reopen_requested_at = ${clock.now().toISOString()}::timestamptz,
      reopen_note = ${note?.trim() || null} where id = ${sheetId}`);
    await notifyTopic(tx, `review:${sheet.application_id}`, { kind: 'sheet' });
    await notifyTopic(tx, 'reviews', { application_id: sheet.application_id, program_id: sheet.program_id });
  });
  return (await sheetById(db, sheetId))!;
}

/** A program admin reopens a submitted sheet: it becomes a draft its reviewer can change and submit again. */
export async function reopenSheet(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  sheetId: string,
): Promise<ScoreSheet> {
  const me = requireActor(actor);
  const sheet = await sheetById(db, sheetId);
  if (!sheet) throw new NotFound(SHEET_NOT_FOUND);
  await programAdminAccess(db, me, sheet.program_id);
  await db.transaction(async (tx) => {
    const [current] = await rows(tx, sql`select status from score_sheets where id = ${sheetId} for update`);
    if (current?.status !== 'submitted') throw new Conflict(NOT_SUBMITTED);
    await tx.execute(sql`update score_sheets set status = 'draft', submitted_at = null,
      reopen_requested_at = null, reopen_note = null, version = version + 1,
      updated_at = ${clock.now().toISOString()}::timestamptz where id = ${sheetId}`);
    await notifyTopic(tx, `review:${sheet.application_id}`, { kind: 'sheet', status: 'draft' });
    await notifyTopic(tx, 'reviews', { application_id: sheet.application_id, program_id: sheet.program_id });
  });
  return (await sheetById(db, sheetId))!;
}

/**
 * "Next": the caller's assigned application in this program still to score that has the fewest
 * submitted sheets (then the earliest submitted), and how many remain. Applications whose final
 * decision is already recorded come last: their scores can no longer change the outcome.
 */
export async function nextToScore(db: Db, actor: Actor | null, programId: string): Promise<NextToScore> {
  const me = requireActor(actor);
  const scope = await programScope(db, programId);
  if (!scope || !can(me, { kind: 'program:review', program: scope }))
    throw new NotFound('Program not found.');
  const found = await rows(
    db,
    sql`select s.application_id, count(*) over ()::int as remaining
      from score_sheets s join applications a on a.id = s.application_id
      left join reviews r on r.application_id = s.application_id
      where s.program_id = ${programId} and s.reviewer_id = ${me.userId} and s.status <> 'submitted'
        and a.status <> 'withdrawn'
      order by r.status is not distinct from 'submitted',
        (select count(*) from score_sheets o where o.application_id = s.application_id
          and o.status = 'submitted'),
        coalesce(a.submitted_at, a.created_at), a.id
      limit 1`,
  );
  const first = found[0];
  return {
    application_id: first ? String(first.application_id) : null,
    remaining: first ? Number(first.remaining) : 0,
  };
}

/**
 * The org admin's final decision on an application of an independent-scoring program, with the
 * aggregate beside it: written as the program's (shared) review, finalized, so publishing works as
 * before — its score is the aggregate's weighted mean, its comments the sheets' comments for the
 * applicant (never the private notes).
 */
export async function recordFinalDecision(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
  input: z.output<typeof finalDecisionInput>,
) {
  const ref = await scoredApplication(db, actor, applicationId);
  const me = requireActor(actor);
  if (!ref.access.admin) throw new Forbidden();
  const [form] = await rows(db, sql`select reviewer_form from programs where id = ${ref.programId}`);
  const options = reviewerFormOf(form?.reviewer_form).decision_options;
  if (!options.includes(input.decision)) {
    const message = `The decision must be one of: ${options.join(', ')}.`;
    throw new Invalid(message, { decision: message });
  }
  const [aggregate, sheets, names] = await Promise.all([
    aggregateOfApplication(db, ref.programId, applicationId),
    sheetsOf(db, applicationId),
    reviewDetailRow(db, applicationId),
  ]);
  const comments = sheets
    .filter((s) => s.status === 'submitted' && s.comments?.trim())
    .map((s) => s.comments!.trim())
    .join('\n\n');
  await db.transaction((tx) =>
    writeReview(tx, {
      applicationId,
      programId: ref.programId,
      version: input.version,
      fields: {
        score: aggregate?.mean ?? null,
        comments: comments || null,
        ratings: { decision: input.decision },
      },
      finalize: true,
      by: me,
      at: clock.now(),
      audit: {
        orgId: ref.scope.orgId,
        label: `${names?.application.program_name ?? ''} · ${names?.application.applicant_name ?? 'applicant'}`,
      },
    }),
  );
  return getScoringDetail(db, actor, applicationId);
}

/** "I know this applicant": the caller recuses themselves from an application assigned to them. */
export async function recuse(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
  note: string | null,
): Promise<{ message: string }> {
  const ref = await scoredApplication(db, actor, applicationId);
  const me = requireActor(actor);
  return declareConflict(db, clock, {
    programId: ref.programId,
    applicationId,
    reviewerId: me.userId,
    note: note?.trim() || null,
  });
}
