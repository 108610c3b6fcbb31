import { type SQL, sql } from 'drizzle-orm';
import { applicantLabel } from '../../shared/domain/blind-review';
import type { Actor } from '../../shared/policy';
import { isSuperAdmin } from '../../shared/policy';
import type { InboxNarrowing, InboxStatus } from '../../shared/schemas/reviews';
import { invitationStateColumns, invitationStateJoin } from '../applications/invitation-state';
import type { Db } from '../db/client';
import { inboxViewCondition, narrowingCondition } from '../reviews/queries';
import { aggregatesSql } from '../scoring/aggregates';
import { invitationColumn, stageColumns } from './applications';
import { afterCondition, limitClause, type Raw, type RowQuery } from './rows';
import type { Column } from './writers';

/** Which programs' reviews a caller may export: all (super admin), or these organizations, programs, coalitions. */
export type ExportScope =
  | { all: true }
  | { all: false; orgIds: string[]; programIds: string[]; coalitionIds: string[] };

export function exportScopeOf(actor: Actor): ExportScope {
  if (isSuperAdmin(actor)) return { all: true };
  return {
    all: false,
    orgIds: actor.orgAdmin,
    programIds: actor.programAdmin,
    coalitionIds: actor.coalitionManager,
  };
}

export const scopeIsEmpty = (s: ExportScope) =>
  !s.all && s.orgIds.length + s.programIds.length + s.coalitionIds.length === 0;

const uuids = (ids: string[]) =>
  sql`${`{${ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).join(',')}}`}::uuid[]`;

function scopeCondition(s: ExportScope): SQL {
  if (s.all) return sql`true`;
  return sql`(p.organization_id = any(${uuids(s.orgIds)}) or p.id = any(${uuids(s.programIds)})
    or p.organization_id in (select m.organization_id from coalition_memberships m
      where m.coalition_id = any(${uuids(s.coalitionIds)})))`;
}

/** The programs the exporting user administers: they see applicants; elsewhere a blind program hides them. */
export type AdminScope = { all: true } | { all: false; orgIds: string[]; programIds: string[] };

export function adminScopeOf(actor: Actor): AdminScope {
  if (isSuperAdmin(actor)) return { all: true };
  return { all: false, orgIds: actor.orgAdmin, programIds: actor.programAdmin };
}

/** Applicant identity is hidden in this row: its program is blind and the exporter does not administer it. */
function hiddenCondition(admin: AdminScope): SQL {
  if (admin.all) return sql`false`;
  return sql`(coalesce(ps.blind, false) and not (p.organization_id = any(${uuids(admin.orgIds)})
    or p.id = any(${uuids(admin.programIds)})))`;
}

export interface ReviewsFilter {
  scope: ExportScope;
  admin: AdminScope;
  programId?: string;
  status: InboxStatus;
  /** The server's time: an open change request is due after it (the changes_requested view). */
  now: Date;
  search?: string;
  /** Only reviews this user last edited. */
  mineOf?: string;
  /** The inbox's narrowing filters (decision 066): stage, minimum score, decision. */
  narrowing?: InboxNarrowing;
  /** Each row's stage and invitation to the next stage (the inbox's Stage columns). */
  stages?: boolean;
}

const applicantName = sql`coalesce(nullif(ap.full_name, ''), nullif(au.name, ''))`;
const reviewerName = sql`coalesce(nullif(rp.full_name, ''), nullif(ru.name, ''))`;
const sortAt = sql`coalesce(r.updated_at, a.submitted_at, a.updated_at)`;
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: ReviewsFilter): SQL {
  const program = f.programId ? sql`and p.id = ${f.programId}` : sql``;
  const mine = f.mineOf ? sql`and r.reviewer_id = ${f.mineOf}` : sql``;
  const pattern = f.search ? likePattern(f.search) : null;
  // A hidden applicant's name is not searched either (a match would reveal it).
  const search = pattern
    ? sql`and (p.name ilike ${pattern} or (not ${hiddenCondition(f.admin)} and ${applicantName} ilike ${pattern})
        or ${reviewerName} ilike ${pattern})`
    : sql``;
  return sql`${inboxViewCondition(f.status, f.now)} and p.deleted_at is null and o.deleted_at is null
    and ${scopeCondition(f.scope)} ${program} ${mine} ${search} ${narrowingCondition(f.narrowing ?? {})}`;
}

/** The rows' tables; with a minimum score, the score sheets' aggregates (alias ag) of the programs in scope. */
function from(f: ReviewsFilter): SQL {
  return sql`from applications a
  join programs p on p.id = a.program_id
  join organizations o on o.id = p.organization_id
  left join program_scoring ps on ps.program_id = p.id
  left join reviews r on r.application_id = a.id
  left join publications pub on pub.application_id = a.id
  ${
    f.narrowing?.min_score !== undefined
      ? sql`left join (${aggregatesSql(sql`s.program_id in (select p.id from programs p where ${scopeCondition(f.scope)})`)}) ag on ag.application_id = a.id`
      : sql``
  }
  ${f.stages ? sql`left join programs pp on pp.id = p.parent_program_id ${invitationStateJoin(sql`a.id`)}` : sql``}
  left join profiles ap on ap.id = a.user_id
  left join "user" au on au.id = a.user_id
  left join profiles rp on rp.id = r.reviewer_id
  left join "user" ru on ru.id = r.reviewer_id`;
}

/** The organization has a live later stage (the inbox export then carries the Stage columns). */
export async function orgHasStages(db: Db, orgId: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from programs where organization_id = ${orgId}
      and parent_program_id is not null and deleted_at is null) as yes`,
  )) as unknown as { rows: { yes: boolean }[] };
  return result.rows[0]?.yes === true;
}

/** Every submitted application in scope with its review (or none yet), oldest change first. */
export function reviewRowsQuery(f: ReviewsFilter): RowQuery {
  return (after, limit) => sql`
    select a.id::text as row_id, ${sortAt}::text as sort_key, a.id as application_id,
      ${sortAt} as updated_at, p.id as program_id, p.name as program_name, o.name as org_name,
      case when ${hiddenCondition(f.admin)} then null else ${applicantName} end as applicant_name,
      ${hiddenCondition(f.admin)} as identity_hidden,
      -- "Applicant #N" (scoring/queries applicantNumbers), counted only for hidden rows.
      case when ${hiddenCondition(f.admin)} then (select count(*) from applications a2
        where a2.program_id = a.program_id and a2.status <> 'draft'
          and (coalesce(a2.submitted_at, a2.created_at), a2.id) <= (coalesce(a.submitted_at, a.created_at), a.id))
      end as applicant_number,
      ${reviewerName} as reviewer_name,
      coalesce(r.status, 'not_started') as status, r.score, r.decision, r.comments, r.submitted_at,
      a.status as application_status, a.submitted_at as application_submitted_at
      ${f.stages ? sql`, p.stage_number, pp.name as parent_program_name, ${invitationStateColumns}` : sql``}
    ${from(f)}
    where ${where(f)}
      ${afterCondition({ expr: sortAt, type: 'timestamptz' }, { expr: sql`a.id`, type: 'uuid' }, after)}
    order by ${sortAt}, a.id
    ${limitClause(limit)}`;
}

export function reviewCountQuery(f: ReviewsFilter): SQL {
  return sql`select count(*)::int as n ${from(f)} where ${where(f)}`;
}

const words: Record<string, string> = {
  not_started: 'not started',
  draft: 'commented',
  submitted: 'finalized',
};
const date = (v: unknown): Date | null => (v ? new Date(v as string) : null);

/**
 * The All Reviews table's columns (and the per-program queue's), with comments and the finalized
 * time; with `stages` (the inbox of an organization with programs in stages, decision 066), each
 * row's Stage, Stage name and invitation to the next stage.
 */
export function reviewColumns(o: { stages?: boolean } = {}): Column<Raw>[] {
  return [
    { header: 'Updated (UTC)', value: (r) => date(r.updated_at), time: true, width: 18 },
    { header: 'Program', value: (r) => String(r.parent_program_name ?? r.program_name), width: 30 },
    ...(o.stages
      ? stageColumns(
          (r) => Number(r.stage_number ?? 1),
          (r) => String(r.program_name),
        )
      : []),
    { header: 'Organization', value: (r) => String(r.org_name), width: 24 },
    { header: 'Application ID', value: (r) => String(r.application_id), width: 38 },
    { header: 'Application status', value: (r) => String(r.application_status) },
    { header: 'Submitted (UTC)', value: (r) => date(r.application_submitted_at), time: true, width: 18 },
    {
      header: 'Applicant',
      value: (r) =>
        r.identity_hidden === true
          ? applicantLabel(r.applicant_number ? Number(r.applicant_number) : null)
          : (r.applicant_name as string | null),
      width: 24,
    },
    { header: 'Last edited by', value: (r) => (r.reviewer_name as string | null) ?? null, width: 24 },
    {
      header: 'Review status',
      value: (r) => (r.application_status === 'draft' ? null : (words[String(r.status)] ?? String(r.status))),
    },
    { header: 'Score', value: (r) => (r.score === null || r.score === undefined ? null : Number(r.score)) },
    { header: 'Decision', value: (r) => r.decision as string | null },
    { header: 'Comments', value: (r) => r.comments as string | null, width: 50 },
    { header: 'Finalized (UTC)', value: (r) => date(r.submitted_at), time: true, width: 18 },
    ...(o.stages ? [invitationColumn()] : []),
  ];
}
