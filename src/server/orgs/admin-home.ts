import { sql } from 'drizzle-orm';
import { CLOSING_SOON_DAYS, FIRST_VISIT_DAYS, VISIT_GAP_MINUTES } from '../../shared/domain/admin-home';
import type { Actor } from '../../shared/policy';
import type { AdminHome, AdminHomeItem } from '../../shared/schemas/orgs';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { liveOrgBySlug } from '../discovery/queries';
import { NotFound } from '../errors';
import { resultHereSql } from '../results/stages';
import { sheetInLoad } from '../scoring/queries';

type Raw = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>): Promise<Raw[]> =>
  ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;

/** Programs listed under each number of the home, most first. */
export const HOME_PROGRAMS_SHOWN = 5;

const kinds = [
  'new_submissions',
  'closing_this_week',
  'reviewers_behind',
  'results_ready',
  'changes_requested',
] as const;
type Kind = (typeof kinds)[number];

/**
 * Records that an admin opened the organization's admin home. A visit more than VISIT_GAP_MINUTES
 * after the last one moves the last visit into `previous_visit_at` (where "new since your last
 * visit" starts); reloading within the gap changes nothing the home shows. One statement.
 */
export async function recordHomeVisit(db: Db, userId: string, orgId: string, now: Date): Promise<void> {
  await db.execute(sql`insert into org_admin_visits (user_id, organization_id, last_visit_at)
    values (${userId}, ${orgId}, ${now.toISOString()})
    on conflict (user_id, organization_id) do update set
      previous_visit_at = case
        when org_admin_visits.last_visit_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${VISIT_GAP_MINUTES})
        then org_admin_visits.last_visit_at else org_admin_visits.previous_visit_at end,
      last_visit_at = ${now.toISOString()}`);
}

/**
 * The org admin's home: new submissions since their last visit, programs closing this week,
 * reviewers behind, results ready to publish and changes requested by the super admin. Three
 * statements whatever the organization's size: the organization, the admin's visit, the counts.
 */
export async function adminHome(db: Db, clock: Clock, actor: Actor | null, slug: string): Promise<AdminHome> {
  const org = await liveOrgBySlug(db, slug);
  if (!org) throw new NotFound('Organization not found.');
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const now = clock.now();
  const nowIso = now.toISOString();

  // The visit that started this session (the hub records it at the same time) is not "last".
  const [visit] = await rowsOf(
    db,
    sql`select case when last_visit_at < ${nowIso}::timestamptz - make_interval(mins => ${VISIT_GAP_MINUTES})
          then last_visit_at else previous_visit_at end as since
        from org_admin_visits where user_id = ${me.userId} and organization_id = ${org.id}`,
  );
  const lastVisit = visit?.since ? new Date(String(visit.since)) : null;
  const since = lastVisit ?? new Date(now.getTime() - FIRST_VISIT_DAYS * 24 * 60 * 60 * 1000);
  const sinceIso = since.toISOString();

  const counted = await rowsOf(
    db,
    sql`with p as (
        select id, name, close_at, published, review_status from programs
        where organization_id = ${org.id} and deleted_at is null
      ),
      behind as (
        select s.program_id, s.reviewer_id from score_sheets s join p on p.id = s.program_id
        where s.status <> 'submitted' and p.close_at is not null and p.close_at <= ${nowIso}
          and ${sheetInLoad(sql`s.application_id`)}
        group by s.program_id, s.reviewer_id
      ),
      x as (
        select 'new_submissions' as kind, a.program_id, count(*)::int as n
          from applications a join p on p.id = a.program_id
          where a.status <> 'draft' and a.submitted_at > ${sinceIso}
          group by a.program_id
        union all
        select 'closing_this_week', p.id, 1 from p
          where p.published and p.close_at > ${nowIso}
            and p.close_at <= ${nowIso}::timestamptz + make_interval(days => ${CLOSING_SOON_DAYS})
        union all
        select 'reviewers_behind', program_id, count(*)::int from behind group by program_id
        union all
        select 'reviewers_behind_total', null, count(distinct reviewer_id)::int from behind
        union all
        select 'results_ready', r.program_id, count(*)::int
          from reviews r join p on p.id = r.program_id and p.published
          where r.status = 'submitted'
            and not exists (select 1 from publications pb where pb.application_id = r.application_id)
            and ${resultHereSql(sql`r.application_id`)}
          group by r.program_id
        union all
        select 'changes_requested', p.id, 1 from p where p.review_status = 'changes_requested'
      )
      select x.kind, x.program_id, p.name, x.n from x left join p on p.id = x.program_id
      order by x.n desc, p.name`,
  );

  const items = Object.fromEntries(
    kinds.map((k) => [k, { count: 0, programs: [] as AdminHomeItem['programs'] }]),
  ) as Record<Kind, AdminHomeItem>;
  let reviewersBehind = 0;
  for (const r of counted) {
    const n = Number(r.n);
    if (r.kind === 'reviewers_behind_total') {
      reviewersBehind = n;
      continue;
    }
    const item = items[r.kind as Kind];
    item.count += n;
    if (item.programs.length < HOME_PROGRAMS_SHOWN)
      item.programs.push({ id: String(r.program_id), name: String(r.name), count: n });
  }
  items.reviewers_behind.count = reviewersBehind;
  return { since: sinceIso, since_last_visit: lastVisit !== null, ...items };
}
