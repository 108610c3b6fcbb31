import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { everSubmitted } from '../reviews/queries';
import { poolSql, sheetInLoad } from '../scoring/queries';

type Raw = Record<string, unknown>;

async function run(db: Db, query: SQL): Promise<Raw[]> {
  return ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;
}

/**
 * The dashboard's SQL: a constant number of statements whatever the program's size, each an
 * aggregate over the program's applications (applications_program_status_idx) and reviews
 * (reviews_program_updated_idx).
 */
export async function programFacts(db: Db, programId: string) {
  const [row] = await run(
    db,
    sql`select p.id, p.name, p.type, p.published, p.open_at, p.close_at, p.form,
      o.slug as organization_slug, o.name as organization_name
    from programs p join organizations o on o.id = p.organization_id
    where p.id = ${programId}`,
  );
  return row ?? null;
}

export async function funnelCounts(db: Db, programId: string, now: Date) {
  const [row] = await run(
    db,
    sql`select count(*)::int as started,
      (count(*) filter (where ${everSubmitted}))::int as submitted,
      (count(*) filter (where a.status <> 'draft' and r.status = 'draft'))::int as in_review,
      (count(*) filter (where a.status <> 'draft' and r.status = 'submitted'))::int as finalized,
      (count(*) filter (where a.status <> 'draft' and pub.id is not null))::int as published,
      (count(*) filter (where a.status = 'submitted' and a.changes_due_at > ${now.toISOString()}::timestamptz))::int as changes_requested
    from applications a
    left join reviews r on r.application_id = a.id
    left join publications pub on pub.application_id = a.id
    where a.program_id = ${programId}`,
  );
  return {
    started: Number(row?.started ?? 0),
    submitted: Number(row?.submitted ?? 0),
    in_review: Number(row?.in_review ?? 0),
    finalized: Number(row?.finalized ?? 0),
    published: Number(row?.published ?? 0),
    // Open change requests (decision 063): submitted, waiting for the applicant's changes.
    changes_requested: Number(row?.changes_requested ?? 0),
  };
}

/** Applications started and submitted per UTC day (days without any are left out). */
export async function perDay(db: Db, programId: string) {
  const rows = await run(
    db,
    sql`select day::text as day, sum(started)::int as started, sum(submitted)::int as submitted from (
        select (a.created_at at time zone 'UTC')::date as day, 1 as started, 0 as submitted
        from applications a where a.program_id = ${programId}
        union all
        select (a.submitted_at at time zone 'UTC')::date, 0, 1
        from applications a where a.program_id = ${programId} and a.status <> 'draft' and a.submitted_at is not null
      ) x group by day order by day`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    started: Number(r.started),
    submitted: Number(r.submitted),
  }));
}

/**
 * The program's reviewers (assigned to the program or its organization, active, not deleted) and
 * anyone else who edited one of its reviews, with the reviews they edited last and finalized.
 */
export async function reviewerProgress(db: Db, programId: string, orgId: string, independent: boolean) {
  if (independent) return sheetProgress(db, programId);
  const rows = await run(
    db,
    sql`with assigned as (
        select s.user_id from assignments s
        where s.kind = 'reviewer' and s.status = 'active'
          and ((s.scope_type = 'program' and s.scope_id = ${programId}) or (s.scope_type = 'org' and s.scope_id = ${orgId}))
      ), edited as (
        select r.reviewer_id as user_id, count(*)::int as touched,
          (count(*) filter (where r.status = 'submitted'))::int as finalized
        from reviews r where r.program_id = ${programId} and r.reviewer_id is not null
        group by r.reviewer_id
      )
      select u.id as user_id, coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as name, u.email,
        coalesce(e.touched, 0) as touched, coalesce(e.finalized, 0) as finalized
      from (select user_id from assigned union select user_id from edited) x
      join "user" u on u.id = x.user_id
      left join profiles pr on pr.id = u.id
      left join edited e on e.user_id = x.user_id
      where pr.deleted_at is null
      order by coalesce(e.finalized, 0) desc, coalesce(e.touched, 0) desc, name nulls last, u.id`,
  );
  return rows.map((r) => ({
    user_id: String(r.user_id),
    name: (r.name as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    touched: Number(r.touched),
    finalized: Number(r.finalized),
    assigned: null,
  }));
}

/**
 * Independent scoring (issue 20): each reviewer's own score sheets, from the program's reviewer pool
 * (scoring/queries poolSql): assigned, touched (begun or submitted) and submitted.
 */
async function sheetProgress(db: Db, programId: string) {
  const rows = await run(
    db,
    sql`with pool as (${poolSql(programId)}), counts as (
        select reviewer_id, count(*)::int as assigned,
          (count(*) filter (where status in ('draft', 'submitted')))::int as touched,
          (count(*) filter (where status = 'submitted'))::int as finalized
        from score_sheets s where s.program_id = ${programId} and ${sheetInLoad(sql`s.application_id`)}
        group by reviewer_id)
      select coalesce(pool.user_id, c.reviewer_id) as user_id,
        coalesce(pool.name, nullif(pr.full_name, ''), nullif(u.name, '')) as name, coalesce(pool.email, u.email) as email,
        coalesce(c.assigned, 0) as assigned, coalesce(c.touched, 0) as touched, coalesce(c.finalized, 0) as finalized
      from pool full join counts c on c.reviewer_id = pool.user_id
      left join "user" u on u.id = c.reviewer_id
      left join profiles pr on pr.id = c.reviewer_id
      order by coalesce(c.finalized, 0) desc, coalesce(c.touched, 0) desc, 2 nulls last, 1`,
  );
  return rows.map((r) => ({
    user_id: String(r.user_id),
    name: (r.name as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    touched: Number(r.touched),
    finalized: Number(r.finalized),
    assigned: Number(r.assigned),
  }));
}

/** Drafts not yet submitted: how many, how many saved lately, and the least recently saved ones. */
export async function draftFacts(db: Db, programId: string, now: Date, shown: number) {
  const day = new Date(now.getTime() - 86_400_000);
  const week = new Date(now.getTime() - 7 * 86_400_000);
  const [counts, items] = await Promise.all([
    run(
      db,
      sql`select count(*)::int as total,
        (count(*) filter (where a.updated_at > ${day}))::int as last_day,
        (count(*) filter (where a.updated_at > ${week}))::int as last_week
      from applications a where a.program_id = ${programId} and a.status = 'draft'`,
    ),
    run(
      db,
      sql`select a.id, a.answers, a.updated_at, coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as applicant_name
      from applications a
      left join profiles pr on pr.id = a.user_id
      left join "user" u on u.id = a.user_id
      where a.program_id = ${programId} and a.status = 'draft'
      order by a.updated_at, a.id
      limit ${shown}`,
    ),
  ]);
  const c = counts[0] ?? {};
  return {
    total: Number(c.total ?? 0),
    lastDay: Number(c.last_day ?? 0),
    lastWeek: Number(c.last_week ?? 0),
    items,
  };
}

/** The program's organization when the program is live and that organization belongs to the coalition. */
export async function coalitionProgramOrg(db: Db, coalitionId: string, programId: string) {
  const [row] = await run(
    db,
    sql`select p.organization_id from programs p
    join organizations o on o.id = p.organization_id and o.deleted_at is null
    join coalition_memberships m on m.organization_id = p.organization_id and m.coalition_id = ${coalitionId}
    where p.id = ${programId} and p.deleted_at is null`,
  );
  return row ? String(row.organization_id) : null;
}
