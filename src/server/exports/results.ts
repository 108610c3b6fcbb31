import { type SQL, sql } from 'drizzle-orm';
import { applicantLabel } from '../../shared/domain/blind-review';
import { resultHereSql } from '../results/stages';
import { afterCondition, limitClause, type Raw, type RowQuery } from './rows';
import type { Column } from './writers';

/**
 * A program's published results, as sent to each applicant, oldest first: the results it holds, so not
 * one superseded by an invitation to the next stage (decision 066; it is that stage's to publish).
 */
export function resultRowsQuery(programId: string, hideIdentity = false): RowQuery {
  // "Applicant #N" of a blind program (scoring/queries applicantNumbers), counted only when needed.
  const number = hideIdentity
    ? sql`(select count(*) from applications a2 join applications a on a.id = pub.application_id
        where a2.program_id = a.program_id and a2.status <> 'draft'
          and (coalesce(a2.submitted_at, a2.created_at), a2.id) <= (coalesce(a.submitted_at, a.created_at), a.id))`
    : sql`null`;
  return (after, limit) => sql`
    select pub.id::text as row_id, pub.published_at::text as sort_key, pub.application_id,
      pub.published_at, pub.visibility, pub.payload, ${number} as applicant_number,
      coalesce(nullif(ap.full_name, ''), nullif(au.name, '')) as applicant_name, au.email as applicant_email,
      coalesce(nullif(bp.full_name, ''), nullif(bu.name, '')) as published_by
    from publications pub
    left join profiles ap on ap.id = pub.user_id
    left join "user" au on au.id = pub.user_id
    left join profiles bp on bp.id = pub.published_by
    left join "user" bu on bu.id = pub.published_by
    where pub.program_id = ${programId} and ${resultHereSql(sql`pub.application_id`)}
      ${afterCondition({ expr: sql`pub.published_at`, type: 'timestamptz' }, { expr: sql`pub.id`, type: 'uuid' }, after)}
    order by pub.published_at, pub.id
    ${limitClause(limit)}`;
}

export function resultCountQuery(programId: string): SQL {
  return sql`select count(*)::int as n from publications pub
    where pub.program_id = ${programId} and ${resultHereSql(sql`pub.application_id`)}`;
}

type Visibility = { decision?: boolean; score?: boolean; comments?: boolean; customMessage?: string | null };
type Payload = { decision?: string | null; score?: number | null; comments?: string | null };
const vis = (r: Raw) => (r.visibility as Visibility | null) ?? {};
const pay = (r: Raw) => (r.payload as Payload | null) ?? {};

/** What each applicant was sent: only the fields shown to them hold a value. */
export function resultColumns(hideIdentity: boolean): Column<Raw>[] {
  return [
    { header: 'Application ID', value: (r) => String(r.application_id), width: 38 },
    ...(hideIdentity
      ? [
          {
            header: 'Applicant',
            value: (r: Raw) => applicantLabel(r.applicant_number ? Number(r.applicant_number) : null),
            width: 16,
          },
        ]
      : [
          { header: 'Applicant', value: (r: Raw) => r.applicant_name as string | null, width: 24 },
          { header: 'Applicant email', value: (r: Raw) => r.applicant_email as string | null, width: 28 },
        ]),
    { header: 'Published (UTC)', value: (r) => new Date(r.published_at as string), time: true, width: 18 },
    { header: 'Published by', value: (r) => r.published_by as string | null, width: 24 },
    { header: 'Decision sent', value: (r) => (vis(r).decision ? (pay(r).decision ?? null) : null) },
    { header: 'Score sent', value: (r) => (vis(r).score ? (pay(r).score ?? null) : null) },
    {
      header: 'Comments sent',
      value: (r) => (vis(r).comments ? (pay(r).comments ?? null) : null),
      width: 50,
    },
    { header: 'Message', value: (r) => vis(r).customMessage ?? null, width: 40 },
  ];
}
