import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { scoringMessages } from '../../shared/domain/scoring';
import type { Actor } from '../../shared/policy';
import type {
  AssignResult,
  AutoAssignPlan,
  assignInput,
  autoAssignInput,
  ConflictRow,
  conflictInput,
  ReviewerProgress,
  UnassignResult,
} from '../../shared/schemas/scoring';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Conflict, Invalid, NotFound } from '../errors';
import { programAdminAccess } from '../program-assignments/access';
import { notifyTopic } from '../realtime/notify';
import { planAssignments } from './assign-plan';
import {
  insertAssignments,
  type PoolMember,
  poolOf,
  poolSql,
  programApplications,
  programConflictPairs,
  programSheetPairs,
  rows,
  settingsOf,
  sheetInLoad,
  uuids,
} from './queries';

export const NOT_PROGRAM_APPLICATION = 'Only submitted applications of this program can be assigned.';
export const CONFLICT_NOT_FOUND = 'Conflict not found.';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The program's admin access, for a program in independent scoring (409 in the shared review). */
async function independentProgram(db: Db, actor: Actor | null, programId: string) {
  const access = await programAdminAccess(db, actor, programId);
  const settings = await settingsOf(db, programId);
  if (settings.mode !== 'independent') throw new Conflict(scoringMessages.independentOnly);
  return { access, settings };
}

/** Announces changed assignments to every review list (queues, landing counts, inbox). */
const announce = (tx: Db, programId: string) => notifyTopic(tx, 'reviews', { program_id: programId });

/** Reviewer-to-application assignments made or removed: one audit entry per change, with its counts. */
const auditAssignments = (
  tx: Db,
  access: Awaited<ReturnType<typeof programAdminAccess>>,
  added: boolean,
  summary: string,
) =>
  recordAudit(tx, {
    actor: access.actor,
    action: added ? 'assignment.added' : 'assignment.removed',
    target: { type: 'assignment', id: access.program.id, label: access.program.name },
    orgId: access.scope.orgId,
    summary,
  });

/** Checks that every id is one of the program's submitted applications; returns them with their applicants. */
async function programApplicationsAmong(db: Db, programId: string, ids: string[]) {
  const found = await rows(
    db,
    sql`select id, user_id from applications where program_id = ${programId} and status not in ('draft', 'withdrawn')
      and id = any(${uuids(ids)})`,
  );
  if (found.length !== new Set(ids).size)
    throw new Invalid(NOT_PROGRAM_APPLICATION, { application_ids: NOT_PROGRAM_APPLICATION });
  return new Map(found.map((r) => [String(r.id), String(r.user_id)]));
}

async function poolAmong(db: Db, programId: string, ids: string[]): Promise<PoolMember[]> {
  const pool = await poolOf(db, programId);
  const wanted = new Set(ids);
  const members = pool.filter((p) => wanted.has(p.user_id));
  if (members.length !== wanted.size)
    throw new Invalid(scoringMessages.notInPool, { reviewer_ids: scoringMessages.notInPool });
  return members;
}

/**
 * Assigns the given reviewers to the given applications (every pair). Pairs already assigned are
 * kept; a reviewer is never assigned their own application or one they have a conflict with.
 */
export async function assignReviewers(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: z.output<typeof assignInput>,
): Promise<AssignResult> {
  const { access } = await independentProgram(db, actor, programId);
  const applicants = await programApplicationsAmong(db, programId, input.application_ids);
  const reviewers = await poolAmong(db, programId, input.reviewer_ids);
  const conflicts = new Set(
    (await programConflictPairs(db, programId)).map((c) => `${c.applicationId}:${c.reviewerId}`),
  );
  const pairs: { applicationId: string; reviewerId: string }[] = [];
  let conflicted = 0;
  for (const [applicationId, applicantId] of applicants)
    for (const r of reviewers) {
      if (r.user_id === applicantId || conflicts.has(`${applicationId}:${r.user_id}`)) conflicted++;
      else pairs.push({ applicationId, reviewerId: r.user_id });
    }
  const assigned = await db.transaction(async (tx) => {
    const made = await insertAssignments(tx, programId, pairs, access.actor.userId, clock.now());
    if (made > 0) {
      await announce(tx, programId);
      await auditAssignments(
        tx,
        access,
        true,
        `${plural(made, 'reviewer assignment')} to applications (${reviewers.length} reviewer(s), ${applicants.size} application(s))`,
      );
    }
    return made;
  });
  const already = pairs.length - assigned;
  const parts = [`${plural(assigned, 'assignment')} made`];
  if (already) parts.push(`${plural(already, 'was', 'were')} already assigned`);
  if (conflicted) parts.push(`${plural(conflicted, 'pair')} skipped for a conflict of interest`);
  return { message: `${parts.join('; ')}.`, assigned, already, conflicted };
}

/** Removes the given reviewers from the given applications; submitted sheets are kept. */
export async function unassignReviewers(
  db: Db,
  actor: Actor | null,
  programId: string,
  input: z.output<typeof assignInput>,
): Promise<UnassignResult> {
  const { access } = await independentProgram(db, actor, programId);
  await programApplicationsAmong(db, programId, input.application_ids);
  return db.transaction(async (tx) => {
    const removed = await rows(
      tx,
      sql`delete from score_sheets where program_id = ${programId}
        and application_id = any(${uuids(input.application_ids)}) and reviewer_id = any(${uuids(input.reviewer_ids)})
        and status <> 'submitted' returning id`,
    );
    const [kept] = await rows(
      tx,
      sql`select count(*)::int as n from score_sheets where program_id = ${programId}
        and application_id = any(${uuids(input.application_ids)}) and reviewer_id = any(${uuids(input.reviewer_ids)})`,
    );
    if (removed.length) {
      await announce(tx, programId);
      await auditAssignments(
        tx,
        access,
        false,
        `${plural(removed.length, 'reviewer assignment')} to applications removed`,
      );
    }
    const keptSubmitted = Number(kept?.n ?? 0);
    const message =
      `${plural(removed.length, 'assignment')} removed.` +
      (keptSubmitted ? ` ${plural(keptSubmitted, 'submitted score sheet')} kept.` : '');
    return { message, removed: removed.length, kept_submitted: keptSubmitted };
  });
}

/**
 * Plans automatic assignment on the program as it is (decision 036), and applies it when `apply`.
 * The plan is deterministic, so the preview's hash names it: applying with a hash that no longer
 * matches (someone changed assignments, conflicts or the pool since) is refused.
 */
export async function autoAssign(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: z.output<typeof autoAssignInput>,
  apply: boolean,
): Promise<AutoAssignPlan> {
  const { access } = await independentProgram(db, actor, programId);
  const run = async (tx: Db) => {
    // One after another: inside a transaction they share one connection.
    const pool = await poolOf(tx, programId);
    const apps = await programApplications(tx, programId);
    const sheets = await programSheetPairs(tx, programId);
    const conflicts = await programConflictPairs(tx, programId);
    const reviewerIndex = new Map(pool.map((p, i) => [p.user_id, i]));
    const appIndex = new Map(apps.map((a, i) => [a.id, i]));
    const blocked: [number, number][] = [];
    for (const [a, app] of apps.entries()) {
      const self = reviewerIndex.get(app.userId);
      if (self !== undefined) blocked.push([a, self]);
    }
    for (const c of conflicts) {
      const a = appIndex.get(c.applicationId);
      const r = reviewerIndex.get(c.reviewerId);
      if (a !== undefined && r !== undefined) blocked.push([a, r]);
    }
    const existing: [number, number][] = [];
    const extra = new Int32Array(apps.length);
    for (const s of sheets) {
      const a = appIndex.get(s.applicationId);
      if (a === undefined) continue;
      const r = reviewerIndex.get(s.reviewerId);
      if (r !== undefined) existing.push([a, r]);
      // A reviewer no longer in the pool: their submitted sheet still counts toward the application.
      else if (s.status === 'submitted') extra[a]++;
    }
    const plan = planAssignments({
      applications: apps.length,
      reviewers: pool.length,
      blocked,
      existing,
      extraExisting: extra,
      perApplication: input.per_application,
      cap: input.max_per_reviewer ?? null,
    });
    const pairs = plan.pairs.map(([a, r]) => ({ applicationId: apps[a].id, reviewerId: pool[r].user_id }));
    const hash = createHash('sha256')
      .update(`${input.per_application}/${input.max_per_reviewer ?? ''}\n`)
      .update(pairs.map((p) => `${p.applicationId}:${p.reviewerId}`).join('\n'))
      .digest('base64url');
    const added = new Int32Array(pool.length);
    for (const [, r] of plan.pairs) added[r]++;
    const short = plan.counts.filter((c) => c < input.per_application).length;
    return { pool, apps, plan, pairs, hash, added, short };
  };

  const result = apply
    ? await db.transaction(async (tx) => {
        // One plan at a time per program: the program row is the lock.
        await tx.execute(sql`select 1 from programs where id = ${programId} for update`);
        const planned = await run(tx);
        if (input.plan_hash && input.plan_hash !== planned.hash)
          throw new Conflict(scoringMessages.planChanged);
        await insertAssignments(tx, programId, planned.pairs, access.actor.userId, clock.now());
        if (planned.pairs.length) {
          await announce(tx, programId);
          await auditAssignments(
            tx,
            access,
            true,
            `automatic assignment: ${plural(planned.pairs.length, 'reviewer assignment')} (${input.per_application} per application)`,
          );
        }
        return planned;
      })
    : await run(db);

  const { pool, apps, plan, pairs, hash, added, short } = result;
  const made = plural(pairs.length, 'new assignment');
  const shortText = short
    ? ` ${plural(short, 'application')} will have fewer than ${input.per_application} (not enough eligible reviewers${input.max_per_reviewer ? ' within the maximum' : ''}).`
    : '';
  return {
    applications: apps.length,
    reviewers: pool.length,
    new_assignments: pairs.length,
    short_applications: short,
    loads: pool.map((p, r) => ({
      user_id: p.user_id,
      name: p.name,
      email: p.email,
      current: plan.loads[r] - added[r],
      added: added[r],
      total: plan.loads[r],
    })),
    plan_hash: hash,
    message: (apply ? `${made} made.` : `${made} would be made.`) + shortText,
  };
}

/** Per reviewer of the program: assigned, submitted and remaining sheets, and open reopen requests. */
export async function reviewerProgress(
  db: Db,
  actor: Actor | null,
  programId: string,
  canRemind: boolean,
): Promise<ReviewerProgress> {
  await programAdminAccess(db, actor, programId);
  const found = await rows(
    db,
    sql`with pool as (${poolSql(programId)}),
      counts as (
        select reviewer_id, count(*)::int as assigned,
          (count(*) filter (where status = 'submitted'))::int as submitted,
          (count(*) filter (where status = 'submitted' and reopen_requested_at is not null))::int as reopen
        from score_sheets s where s.program_id = ${programId} and ${sheetInLoad(sql`s.application_id`)}
        group by reviewer_id)
      select coalesce(pool.user_id, c.reviewer_id) as user_id,
        coalesce(pool.name, nullif(pr.full_name, ''), nullif(u.name, '')) as name,
        coalesce(pool.email, u.email) as email, pool.user_id is not null as in_pool,
        coalesce(c.assigned, 0) as assigned, coalesce(c.submitted, 0) as submitted, coalesce(c.reopen, 0) as reopen
      from pool full join counts c on c.reviewer_id = pool.user_id
      left join "user" u on u.id = c.reviewer_id
      left join profiles pr on pr.id = c.reviewer_id
      order by lower(coalesce(pool.name, nullif(pr.full_name, ''), nullif(u.name, ''), pool.email, u.email))`,
  );
  return {
    items: found.map((r) => ({
      user_id: String(r.user_id),
      name: r.name === null ? null : String(r.name),
      email: String(r.email),
      in_pool: r.in_pool === true,
      assigned: Number(r.assigned),
      submitted: Number(r.submitted),
      remaining: Number(r.assigned) - Number(r.submitted),
      reopen_requests: Number(r.reopen),
    })),
    can_remind: canRemind,
  };
}

const conflictColumns = sql`c.id, c.application_id, c.reviewer_id, c.source, c.note, c.created_at,
  coalesce(nullif(ap.full_name, ''), nullif(au.name, '')) as applicant_name,
  coalesce(nullif(rp.full_name, ''), nullif(ru.name, '')) as reviewer_name`;

function toConflict(r: Record<string, unknown>): ConflictRow {
  return {
    id: String(r.id),
    application_id: String(r.application_id),
    applicant_name: r.applicant_name === null ? null : String(r.applicant_name),
    reviewer_id: String(r.reviewer_id),
    reviewer_name: r.reviewer_name === null ? null : String(r.reviewer_name),
    source: r.source as ConflictRow['source'],
    note: r.note === null ? null : String(r.note),
    created_at: new Date(r.created_at as string).toISOString(),
  };
}

/** The program's conflicts of interest (marked and declared), newest first. */
export async function listConflicts(db: Db, actor: Actor | null, programId: string) {
  await programAdminAccess(db, actor, programId);
  const found = await rows(
    db,
    sql`select ${conflictColumns} from review_conflicts c
      join applications a on a.id = c.application_id
      left join profiles ap on ap.id = a.user_id left join "user" au on au.id = a.user_id
      left join profiles rp on rp.id = c.reviewer_id left join "user" ru on ru.id = c.reviewer_id
      where c.program_id = ${programId} order by c.created_at desc, c.id`,
  );
  return { items: found.map(toConflict), total: found.length };
}

/**
 * Records a conflict of interest: the reviewer is kept away from the application (not assigned,
 * not shown it) and their unsubmitted sheet is removed. A submitted sheet must be reopened first.
 */
async function recordConflict(
  tx: Db,
  input: {
    programId: string;
    applicationId: string;
    reviewerId: string;
    source: 'admin' | 'declared';
    note: string | null;
    by: string;
    at: Date;
  },
) {
  const [sheet] = await rows(
    tx,
    sql`select status from score_sheets where application_id = ${input.applicationId}
      and reviewer_id = ${input.reviewerId} for update`,
  );
  if (sheet?.status === 'submitted')
    throw new Conflict(
      input.source === 'admin' ? scoringMessages.conflictSubmitted : scoringMessages.recuseSubmitted,
    );
  await tx.execute(sql`delete from score_sheets where application_id = ${input.applicationId}
    and reviewer_id = ${input.reviewerId}`);
  await tx.execute(sql`insert into review_conflicts (program_id, application_id, reviewer_id, source, note, created_by, created_at)
    values (${input.programId}, ${input.applicationId}, ${input.reviewerId}, ${input.source}, ${input.note},
      ${input.by}, ${input.at.toISOString()}::timestamptz)
    on conflict (application_id, reviewer_id) do nothing`);
  await notifyTopic(tx, `review:${input.applicationId}`, { kind: 'sheets' });
  await announce(tx, input.programId);
}

export async function addConflict(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: z.output<typeof conflictInput>,
): Promise<{ message: string }> {
  const { access } = await independentProgram(db, actor, programId);
  await programApplicationsAmong(db, programId, [input.application_id]);
  await poolAmong(db, programId, [input.reviewer_id]);
  await db.transaction((tx) =>
    recordConflict(tx, {
      programId,
      applicationId: input.application_id,
      reviewerId: input.reviewer_id,
      source: 'admin',
      note: input.note?.trim() || null,
      by: access.actor.userId,
      at: clock.now(),
    }),
  );
  return { message: 'Conflict of interest recorded.' };
}

export async function removeConflict(
  db: Db,
  actor: Actor | null,
  programId: string,
  conflictId: string,
): Promise<{ message: string }> {
  await programAdminAccess(db, actor, programId);
  const removed = await db.transaction(async (tx) => {
    const found = await rows(
      tx,
      sql`delete from review_conflicts where id = ${conflictId} and program_id = ${programId}
        returning application_id`,
    );
    if (found.length) await announce(tx, programId);
    return found.length;
  });
  if (!removed) throw new NotFound(CONFLICT_NOT_FOUND);
  return { message: 'Conflict of interest removed.' };
}

/**
 * A reviewer declares a conflict ("I know this applicant"): the application is hidden from them
 * and their unsubmitted sheet removed. `programId` and the caller come from the reviewer gate.
 */
export async function declareConflict(
  db: Db,
  clock: Clock,
  input: { programId: string; applicationId: string; reviewerId: string; note: string | null },
): Promise<{ message: string }> {
  await db.transaction((tx) =>
    recordConflict(tx, { ...input, source: 'declared', by: input.reviewerId, at: clock.now() }),
  );
  return { message: 'You have recused yourself. This application is no longer shown to you.' };
}
