import { type SQL, sql } from 'drizzle-orm';
import type { ReviewListStatus } from '../../shared/domain/reviews';
import type { ReviewMode, SheetVisibility } from '../../shared/domain/scoring';
import type { ReviewerForm } from '../../shared/schemas/forms';
import { reviewerFormSchema } from '../../shared/schemas/forms';
import type {
  InboxNarrowing,
  InboxStatus,
  Review,
  ReviewListRow,
  ReviewStatusFilter,
} from '../../shared/schemas/reviews';
import { inboxStatuses, REVIEW_TOTAL_CAP } from '../../shared/schemas/reviews';
import {
  invitationStateColumns,
  invitationStateJoin,
  toInvitationState,
} from '../applications/invitation-state';
import type { Db } from '../db/client';
import { aggregateColumns, aggregatesSql, toAggregate } from '../scoring/aggregates';
import { applicantNumbers, sheetInLoad } from '../scoring/queries';

/**
 * Review SQL. Every list is one statement for its rows (and one for its total), whatever its length:
 * names come from joins, never from a query per row. Each list is served by an index:
 * reviews_updated_idx / applications_submitted_idx (All Reviews, newest first), reviews_program_updated_idx
 * (per program and the org inbox), applications_program_status_idx (the per-program queue).
 */

/**
 * Which programs the caller may review: every program (super admin), or these organizations and
 * programs; `admin` names those the caller administers (they see every application of an
 * independent-scoring program, and applicants' identity in a blind one).
 */
export type ReviewScope =
  | { all: true }
  | {
      all: false;
      orgIds: string[];
      programIds: string[];
      admin?: { orgIds: string[]; programIds: string[]; userId: string };
    };

type Raw = Record<string, unknown>;

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function run(db: Db, query: SQL): Promise<Raw[]> {
  const result = (await db.execute(query)) as unknown as { rows: Raw[] };
  return result.rows;
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString()
      : new Date(String(v)).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A literal uuid[] (the ids come from the session's assignments, which are UUIDs from the database). */
function uuidArray(ids: string[]): SQL {
  const clean = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  return sql`${`{${clean.join(',')}}`}::uuid[]`;
}

function scopeCondition(scope: ReviewScope): SQL {
  if (scope.all) return sql`true`;
  return sql`(p.organization_id = any(${uuidArray(scope.orgIds)}) or p.id = any(${uuidArray(scope.programIds)}))`;
}

/** The caller administers program p (alias p): everything is shown to them. */
function adminCondition(scope: ReviewScope): SQL {
  if (scope.all || !scope.admin) return sql`true`;
  return sql`(p.organization_id = any(${uuidArray(scope.admin.orgIds)}) or p.id = any(${uuidArray(scope.admin.programIds)}))`;
}

/**
 * Row filter of the review lists for independent scoring (issue 20): a reviewer who does not
 * administer the program sees only the applications assigned to them. `ps` is program_scoring.
 */
function assignedCondition(scope: ReviewScope): SQL {
  if (scope.all || !scope.admin) return sql`true`;
  return sql`(ps.mode is distinct from 'independent' or ${adminCondition(scope)} or exists (
    select 1 from score_sheets ss where ss.application_id = a.id and ss.reviewer_id = ${scope.admin.userId}))`;
}

/** A blind program's applicant is hidden from a caller who does not administer it (shared/domain/blind-review.ts). */
function identityHidden(scope: ReviewScope): SQL {
  return sql`(coalesce(ps.blind, false) and not ${adminCondition(scope)})`;
}

export const applicantName = sql`coalesce(nullif(ap.full_name, ''), nullif(au.name, ''))`;
const reviewerName = sql`coalesce(nullif(rp.full_name, ''), nullif(ru.name, ''))`;
const showDecision = sql`coalesce((p.reviewer_form->>'show_decision')::boolean, false)`;

/** The columns of a review list row, given the aliases p (program), o (org), a, r, ap/au, rp/ru. */
export const rowColumns = sql`
  r.id as review_id, a.id as application_id, p.id as program_id, p.name as program_name,
  o.id as org_id, o.name as org_name, a.user_id as applicant_id, ${applicantName} as applicant_name,
  r.reviewer_id, ${reviewerName} as reviewer_name, coalesce(r.status, 'not_started') as status,
  r.score, r.comments, r.ratings, r.decision, ${showDecision} as show_decision,
  coalesce(r.updated_at, a.submitted_at, a.updated_at) as updated_at, r.submitted_at,
  a.changes_due_at, a.submission_version,
  (a.resubmitted_at is not null and r.updated_at < a.resubmitted_at) as changed_since_scored`;

export const nameJoins = sql`
  left join profiles ap on ap.id = a.user_id
  left join "user" au on au.id = a.user_id
  left join profiles rp on rp.id = r.reviewer_id
  left join "user" ru on ru.id = r.reviewer_id`;

export function toListRow(r: Raw): ReviewListRow {
  return {
    review_id: str(r.review_id),
    application_id: String(r.application_id),
    program_id: String(r.program_id),
    program_name: String(r.program_name),
    org_id: String(r.org_id),
    org_name: String(r.org_name),
    applicant_id: String(r.applicant_id),
    applicant_name: str(r.applicant_name),
    identity_hidden: false,
    applicant_number: null,
    reviewer_id: str(r.reviewer_id),
    reviewer_name: str(r.reviewer_name),
    status: String(r.status) as ReviewListStatus,
    score: num(r.score),
    comments: str(r.comments),
    ratings: (r.ratings as Record<string, unknown> | null) ?? null,
    decision: str(r.decision),
    show_decision: r.show_decision === true,
    updated_at: iso(r.updated_at)!,
    submitted_at: iso(r.submitted_at),
    // Request changes and versions (decision 063): the lists show *Changes requested* until the due date.
    changes_due_at: iso(r.changes_due_at),
    submission_version: num(r.submission_version) ?? 0,
    changed_since_scored: r.changed_since_scored === true,
  };
}

export interface ListFilter {
  scope: ReviewScope;
  userId: string;
  search?: string;
  mine: boolean;
  status: ReviewStatusFilter;
  programId?: string;
  limit: number;
  offset: number;
  /** After this row of the previous page (its sort time as Postgres text, and its application id). */
  after?: ListCursor;
}

export interface ListCursor {
  at: string;
  id: string;
}

/** The opaque `next_cursor` of a page: base64url of [sort time, application id]. */
export function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

/** timestamptz as Postgres prints it: `2026-11-23 15:35:00.123456+00`. */
const TIMESTAMPTZ_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** A cursor this server made, or null for anything else. */
export function decodeCursor(text: string): ListCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value;
    if (typeof at !== 'string' || typeof id !== 'string') return null;
    if (!/^[0-9a-f-]{36}$/i.test(id) || !TIMESTAMPTZ_TEXT.test(at)) return null;
    return { at, id };
  } catch {
    return null;
  }
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The two halves of All Reviews: applications with a review, and submitted ones without (not started). */
function listParts(f: ListFilter, { names = true } = {}) {
  const programFilter = f.programId ? sql`and p.id = ${f.programId}` : sql``;
  const pattern = f.search ? likePattern(f.search) : null;
  // A hidden applicant's name is not searched either: matching it would reveal it.
  const byApplicant = pattern
    ? sql`(not ${identityHidden(f.scope)} and ${applicantName} ilike ${pattern})`
    : sql`false`;
  const reviewedSearch = pattern
    ? sql`and (p.name ilike ${pattern} or ${byApplicant} or ${reviewerName} ilike ${pattern})`
    : sql``;
  const pendingSearch = pattern ? sql`and (p.name ilike ${pattern} or ${byApplicant})` : sql``;
  const reviewedStatus =
    f.status === 'draft' || f.status === 'submitted' ? sql`and r.status = ${f.status}` : sql``;
  const mine = f.mine ? sql`and r.reviewer_id = ${f.userId}` : sql``;
  const withReviewed = f.status !== 'not_started';
  const withPending = (f.status === 'all' || f.status === 'not_started') && !f.mine;
  const scope = sql`${scopeCondition(f.scope)} and ${assignedCondition(f.scope)}`;
  // The total needs the name joins only to search by name.
  const joins = sql`left join program_scoring ps on ps.program_id = p.id ${names || pattern ? nameJoins : sql``}`;

  const reviewedFrom = sql`
    from reviews r
    join programs p on p.id = r.program_id and p.deleted_at is null
    join organizations o on o.id = p.organization_id
    join applications a on a.id = r.application_id and a.status <> 'withdrawn'
    ${joins}
    where ${scope} ${programFilter} ${reviewedStatus} ${mine} ${reviewedSearch}`;
  const pendingFrom = sql`
    from applications a
    join programs p on p.id = a.program_id and p.deleted_at is null
    join organizations o on o.id = p.organization_id
    left join reviews r on false
    ${joins}
    where a.status not in ('draft', 'withdrawn') and ${scope} ${programFilter} ${pendingSearch}
      and not exists (select 1 from reviews r2 where r2.application_id = a.id)`;
  return { reviewedFrom, pendingFrom, withReviewed, withPending };
}

/**
 * All Reviews rows, newest first (by the review's submitted or updated time, else the application's;
 * ties by application id), after the cursor's row when there is one (keyset: each branch starts at the
 * cursor in its index instead of reading and skipping the rows before it).
 */
export function reviewListSql(f: ListFilter): SQL {
  const { reviewedFrom, pendingFrom, withReviewed, withPending } = listParts(f);
  const take = f.limit + f.offset;
  const after = (sortAt: SQL) =>
    f.after ? sql`and (${sortAt}, a.id) < (${f.after.at}::timestamptz, ${f.after.id}::uuid)` : sql``;
  const reviewedAt = sql`coalesce(r.submitted_at, r.updated_at)`;
  const hidden = identityHidden(f.scope);
  const pendingAt = sql`coalesce(a.submitted_at, a.updated_at)`;
  const branches: SQL[] = [];
  if (withReviewed)
    branches.push(sql`(select ${rowColumns}, ${hidden} as identity_hidden, ${reviewedAt} as sort_at ${reviewedFrom} ${after(reviewedAt)}
      order by ${reviewedAt} desc, a.id desc limit ${take})`);
  if (withPending)
    branches.push(sql`(select ${rowColumns}, ${hidden} as identity_hidden, ${pendingAt} as sort_at ${pendingFrom} ${after(pendingAt)}
      order by ${pendingAt} desc, a.id desc limit ${take})`);
  if (branches.length === 0) return sql`select null where false`;
  return sql`select *, sort_at::text as sort_key from (${sql.join(branches, sql` union all `)}) rows
    order by sort_at desc, application_id desc limit ${f.limit} offset ${f.offset}`;
}

/** The total, counted up to REVIEW_TOTAL_CAP + 1 rows per branch (an exact count of a million rows takes seconds). */
export function reviewCountSql(f: ListFilter): SQL {
  const { reviewedFrom, pendingFrom, withReviewed, withPending } = listParts(f, { names: false });
  const upTo = REVIEW_TOTAL_CAP + 1;
  const reviewed = withReviewed
    ? sql`(select count(*) from (select 1 ${reviewedFrom} limit ${upTo}) x)`
    : sql`0`;
  const pending = withPending
    ? sql`(select count(*) from (select 1 ${pendingFrom} limit ${upTo}) x)`
    : sql`0`;
  return sql`select (${reviewed} + ${pending})::int as total`;
}

export async function listReviews(
  db: Db,
  f: ListFilter,
): Promise<{ items: ReviewListRow[]; total: number; total_capped: boolean; next_cursor: string | null }> {
  const [rows, count] = await Promise.all([run(db, reviewListSql(f)), run(db, reviewCountSql(f))]);
  const found = rows.filter((r) => r.application_id);
  const counted = Number(count[0]?.total ?? 0);
  const last = found.length === f.limit ? found[found.length - 1] : null;
  return {
    items: await hideIdentities(
      db,
      found.map((r) => ({ ...toListRow(r), identity_hidden: r.identity_hidden === true })),
    ),
    total: Math.min(counted, REVIEW_TOTAL_CAP),
    total_capped: counted > REVIEW_TOTAL_CAP,
    next_cursor: last ? encodeCursor({ at: String(last.sort_key), id: String(last.application_id) }) : null,
  };
}

/**
 * Rows whose applicant is hidden (identity_hidden) lose the applicant's name and id and get their
 * "Applicant #N" number instead; one more statement, only when there are such rows.
 */
export async function hideIdentities<T extends ReviewListRow>(db: Db, items: T[]): Promise<T[]> {
  const hidden = items.filter((i) => i.identity_hidden);
  if (hidden.length === 0) return items;
  const numbers = await applicantNumbers(
    db,
    hidden.map((i) => i.application_id),
  );
  return items.map((i) =>
    i.identity_hidden
      ? {
          ...i,
          applicant_name: null,
          applicant_id: null,
          applicant_number: numbers.get(i.application_id) ?? null,
        }
      : i,
  );
}

/**
 * The per-program queue page in one statement: the program's header and authorization scope
 * (organization, coalitions) on every row, then each submitted application of the program with its
 * review or none (none for an independent-scoring program: its rows are scoring/queue.ts's). A program without any gives one row without an application; a program that does
 * not exist or is deleted gives no rows. With `actor` (sessionActorSql), every row also carries the
 * session's actor, and there are no rows unless the session loads.
 */
export function queueSql(programId: string, actor?: SQL): SQL {
  return sql`select ${actor ? sql`me.*, ` : sql``}h.*, ${rowColumns}
    from ${actor ? sql`(${actor}) me cross join ` : sql``}(select hp.id as head_id, hp.name as head_name,
        hp.type as head_type, hp.organization_id as head_org_id, ho.name as head_org_name,
        coalesce((select array_agg(m.coalition_id) from coalition_memberships m
          where m.organization_id = hp.organization_id), '{}') as head_coalition_ids,
        coalesce(hps.mode, 'shared') as head_mode, coalesce(hps.blind, false) as head_blind,
        coalesce(hps.sheet_visibility, 'after_submit') as head_sheet_visibility
      from programs hp join organizations ho on ho.id = hp.organization_id
      left join program_scoring hps on hps.program_id = hp.id
      where hp.id = ${programId} and hp.deleted_at is null) h
    left join (applications a
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id
      left join reviews r on r.application_id = a.id
      ${nameJoins}) on a.program_id = h.head_id and a.status not in ('draft', 'withdrawn') and h.head_mode = 'shared'
    order by coalesce(r.submitted_at, r.updated_at, a.submitted_at, a.updated_at) desc, a.id`;
}

/**
 * The queue page: the program, its scope and its items, with the first row as it came (it carries
 * the actor when one was read with them); null when there are no rows.
 */
export async function programQueue(db: Db, programId: string, actor?: SQL) {
  const rows = await run(db, queueSql(programId, actor));
  const head = rows[0];
  if (!head) return null;
  return {
    head,
    scope: {
      programId,
      orgId: String(head.head_org_id),
      coalitionIds: (head.head_coalition_ids as string[] | null) ?? [],
    },
    program: {
      id: String(head.head_id),
      name: String(head.head_name),
      type: String(head.head_type),
      organization_name: String(head.head_org_name),
    },
    mode: String(head.head_mode) as ReviewMode,
    blind: head.head_blind === true,
    sheetVisibility: String(head.head_sheet_visibility) as SheetVisibility,
    items: rows.filter((row) => row.application_id !== null).map(toListRow),
  };
}

/**
 * Which applications an inbox view takes, given the aliases a (application), r (its review) and pub
 * (its publication). The exports use the same views (decision 037).
 */
/**
 * Sent in at some time (alias a): not a draft, and not a later stage's draft withdrawn with its
 * invitation before it was submitted (decision 066: status withdrawn, never submitted).
 */
export const everSubmitted = sql`(a.status <> 'draft' and (a.status <> 'withdrawn' or a.submitted_at is not null))`;

export function inboxViewCondition(view: InboxStatus, now: Date): SQL {
  switch (view) {
    case 'changes_requested':
      // An open change request (decision 063): due in the future by the server's clock.
      return sql`a.status = 'submitted' and a.changes_due_at > ${now.toISOString()}::timestamptz`;
    case 'all':
      return everSubmitted;
    case 'not_started':
      return sql`a.status not in ('draft', 'withdrawn') and r.id is null`;
    case 'draft':
      return sql`a.status not in ('draft', 'withdrawn') and r.status = 'draft'`;
    case 'submitted':
      return sql`a.status not in ('draft', 'withdrawn') and r.status = 'submitted'`;
    case 'published':
      return sql`${everSubmitted} and pub.id is not null`;
    case 'unsubmitted':
      return sql`a.status = 'draft'`;
    case 'started':
      return sql`true`;
  }
}

/** The decision an inbox row is filtered on: the shared review's (alias r), in any case. */
export function decisionCondition(decision: string): SQL {
  return sql`lower(coalesce(r.decision, r.ratings->>'decision')) = lower(${decision})`;
}

/**
 * The score the inbox's minimum-score filter reads: the mean of the submitted score sheets (alias ag,
 * scoring/aggregates) when there are any, else the shared review's score (alias r).
 */
export function minScoreCondition(min: number): SQL {
  return sql`coalesce(ag.ag_mean, r.score) >= ${min}`;
}

/**
 * The inbox's narrowing filters (decision 066), given the aliases p, r and — with a minimum score —
 * ag. The invitation to the next stage narrows with the same conditions, so "all N applications
 * matching this filter" are the N on screen.
 */
export function narrowingCondition(n: InboxNarrowing): SQL {
  const parts: SQL[] = [];
  if (n.stage !== undefined) parts.push(sql`p.stage_number = ${n.stage}`);
  if (n.decision) parts.push(decisionCondition(n.decision));
  if (n.min_score !== undefined) parts.push(minScoreCondition(n.min_score));
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The org inbox's filters beside its view: one program, submitted after a time, and the narrowing ones. */
export interface InboxFilter extends InboxNarrowing {
  programId?: string;
  since?: string;
}

/** Optional filters of the inbox: one program; applications submitted after a time; stage, score, decision. */
function inboxFilters(f: InboxFilter): SQL {
  return sql`${f.programId ? sql`and p.id = ${f.programId}` : sql``} ${f.since ? sql`and a.submitted_at > ${f.since}` : sql``} ${narrowingCondition(f)}`;
}

/** The score sheets' aggregates of the organization's programs (alias ag). */
const orgAggregates = (orgId: string) =>
  sql`left join (${aggregatesSql(sql`s.program_id in (select id from programs where organization_id = ${orgId})`)}) ag
      on ag.application_id = a.id`;

/** The org inbox: the organization's applications in a view (one program, or all), newest first. */
export function orgReviewsSql(orgId: string, status: InboxStatus, now: Date, f: InboxFilter = {}): SQL {
  return sql`select ${rowColumns}, a.status as application_status, a.late, a.personal_close_at, coalesce(ps.mode, 'shared') as review_mode, ${aggregateColumns},
      p.stage_number, pp.name as parent_program_name, ${invitationStateColumns}
    from applications a
    join programs p on p.id = a.program_id and p.organization_id = ${orgId} and p.deleted_at is null
    join organizations o on o.id = p.organization_id
    left join programs pp on pp.id = p.parent_program_id
    left join reviews r on r.application_id = a.id
    left join program_scoring ps on ps.program_id = p.id
    ${orgAggregates(orgId)}
    left join publications pub on pub.application_id = a.id
    ${invitationStateJoin(sql`a.id`)}
    ${nameJoins}
    where ${inboxViewCondition(status, now)} ${inboxFilters(f)}
    order by coalesce(r.submitted_at, r.updated_at, a.submitted_at, a.updated_at) desc, a.id`;
}

/** How many of the organization's (or one program's) applications are in each view (one statement). */
function orgReviewCountsSql(orgId: string, now: Date, f: InboxFilter): SQL {
  const counts = inboxStatuses.map(
    (view) => sql`(count(*) filter (where ${inboxViewCondition(view, now)}))::int as ${sql.identifier(view)}`,
  );
  return sql`select ${sql.join(counts, sql`, `)}
    from applications a
    join programs p on p.id = a.program_id and p.organization_id = ${orgId} and p.deleted_at is null
    left join reviews r on r.application_id = a.id
    ${f.min_score !== undefined ? orgAggregates(orgId) : sql``}
    left join publications pub on pub.application_id = a.id
    where true ${inboxFilters(f)}`;
}

export async function orgReviews(db: Db, orgId: string, status: InboxStatus, now: Date, f: InboxFilter = {}) {
  const [rows, counts] = await Promise.all([
    run(db, orgReviewsSql(orgId, status, now, f)),
    run(db, orgReviewCountsSql(orgId, now, f)),
  ]);
  const c = counts[0] ?? {};
  return {
    items: rows.map((r) => ({
      ...toListRow(r),
      organization_name: String(r.org_name),
      review_mode: String(r.review_mode) as ReviewMode,
      scoring: toAggregate(r),
      application_status: String(r.application_status),
      late: r.late === true,
      personal_close_at: r.personal_close_at ? new Date(String(r.personal_close_at)).toISOString() : null,
      stage_number: Number(r.stage_number ?? 1),
      parent_program_name: str(r.parent_program_name),
      invitation: toInvitationState(r),
    })),
    counts: Object.fromEntries(inboxStatuses.map((s) => [s, Number(c[s] ?? 0)])) as Record<
      InboxStatus,
      number
    >,
  };
}

/**
 * Per program the caller may review: how many submitted applications still wait for a finalized
 * review (none yet, or a draft). One statement; programs with nothing submitted are left out.
 */
export async function pendingCounts(db: Db, scope: ReviewScope, userId: string) {
  const rows = await run(
    db,
    sql`select p.id as program_id, p.organization_id as org_id,
        (count(*) filter (where r.id is null or r.status <> 'submitted'))::int as pending,
        count(*)::int as submitted,
        coalesce(ps.mode, 'shared') as mode, ${adminCondition(scope)} as can_admin,
        (select count(*) from score_sheets s where s.program_id = p.id and s.reviewer_id = ${userId}
          and s.status <> 'submitted' and ${sheetInLoad(sql`s.application_id`)})::int as to_score
      from applications a
      join programs p on p.id = a.program_id and p.deleted_at is null
      left join reviews r on r.application_id = a.id
      left join program_scoring ps on ps.program_id = p.id
      where a.status not in ('draft', 'withdrawn') and ${scopeCondition(scope)}
      group by p.id, p.organization_id, ps.mode`,
  );
  return rows.map((r) => ({
    program_id: String(r.program_id),
    org_id: String(r.org_id),
    pending: Number(r.pending),
    submitted: Number(r.submitted),
    mode: String(r.mode) as ReviewMode,
    can_admin: r.can_admin === true,
    to_score: Number(r.to_score),
  }));
}

function toReview(r: Raw): Review {
  return {
    id: String(r.id),
    application_id: String(r.application_id),
    program_id: String(r.program_id),
    score: num(r.score),
    comments: str(r.comments),
    ratings: (r.ratings as Record<string, unknown>) ?? {},
    decision: str(r.decision),
    status: String(r.status) as Review['status'],
    reviewer_id: str(r.reviewer_id),
    reviewer_name: str(r.reviewer_name),
    version: Number(r.version),
    submitted_at: iso(r.submitted_at),
    updated_at: iso(r.updated_at)!,
    created_at: iso(r.created_at)!,
  };
}

/** The review of an application (with its last editor's name), or null. `lock` takes a row lock. */
export async function reviewOf(db: Db, applicationId: string, { lock = false } = {}): Promise<Review | null> {
  const rows = await run(
    db,
    sql`select r.*, ${reviewerName} as reviewer_name
    from reviews r
    left join profiles rp on rp.id = r.reviewer_id
    left join "user" ru on ru.id = r.reviewer_id
    where r.application_id = ${applicationId}
    ${lock ? sql`for update of r` : sql``}`,
  );
  const row = rows[0];
  return row ? toReview(row) : null;
}

/** Everything the review detail shows, in one statement. */
export async function reviewDetailRow(db: Db, applicationId: string) {
  const rows = await run(
    db,
    sql`select a.id, a.program_id, a.user_id, a.status, a.answers, a.profile_snapshot,
      a.submitted_at as app_submitted_at, a.updated_at as app_updated_at,
      a.changes_due_at, a.changes_message, a.submission_version,
      p.name as program_name, p.form, p.reviewer_form, o.name as organization_name,
      ${applicantName} as applicant_name,
      r.id as review_id, r.score, r.comments, r.ratings, r.decision, r.status as review_status,
      r.reviewer_id, ${reviewerName} as reviewer_name, r.version, r.submitted_at, r.updated_at, r.created_at
    from applications a
    join programs p on p.id = a.program_id
    join organizations o on o.id = p.organization_id
    left join reviews r on r.application_id = a.id
    ${nameJoins}
    where a.id = ${applicationId}`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    application: {
      id: String(r.id),
      program_id: String(r.program_id),
      program_name: String(r.program_name),
      organization_name: String(r.organization_name),
      status: String(r.status),
      applicant_id: String(r.user_id),
      applicant_name: str(r.applicant_name),
      submitted_at: iso(r.app_submitted_at),
      updated_at: iso(r.app_updated_at)!,
      // Request changes and versions (decision 063).
      changes_due_at: iso(r.changes_due_at),
      changes_message: str(r.changes_message),
      submission_version: num(r.submission_version) ?? 0,
    },
    answers: (r.answers as Record<string, unknown>) ?? {},
    profileSnapshot: (r.profile_snapshot as Record<string, unknown> | null) ?? null,
    form: r.form,
    reviewerForm: r.reviewer_form as ReviewerForm | null,
    review: r.review_id
      ? toReview({ ...r, id: r.review_id, application_id: r.id, status: r.review_status })
      : null,
  };
}

/** A program's reviewer form with the defaults applied (an empty option list falls back to the defaults). */
export function reviewerFormOf(stored: unknown): ReviewerForm {
  const form = reviewerFormSchema.parse(stored ?? {});
  const options = form.decision_options.map((o) => o.trim()).filter(Boolean);
  return { ...form, decision_options: options.length ? options : ['accept', 'waitlist', 'reject'] };
}
