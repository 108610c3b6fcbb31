import { type SQL, sql } from 'drizzle-orm';
import type { ReviewListRow } from '../../shared/schemas/reviews';
import type { SheetStatus } from '../../shared/schemas/scoring';
import type { Db } from '../db/client';
import { nameJoins, rowColumns, toListRow } from '../reviews/queries';
import { aggregateColumns, aggregatesSql, toAggregate } from './aggregates';
import { rows } from './queries';

/**
 * The queue of an independent-scoring program, in one statement: for its admins every submitted
 * application with its aggregate and final decision; for a reviewer only the applications assigned
 * to them. Each row carries the caller's own sheet and its applicant number (numbered over the whole
 * program, so a reviewer's "Applicant #N" is the same for everyone). `hideIdentity`: blind review.
 */
export function independentQueueSql(programId: string, caller: { userId: string; admin: boolean }): SQL {
  return sql`select ${rowColumns}, ${aggregateColumns}, a.applicant_number,
        ms.id as my_sheet_id, ms.status as my_sheet_status, ms.total as my_sheet_total,
        (a.resubmitted_at is not null and ms.status <> 'assigned' and ms.updated_at < a.resubmitted_at) as my_sheet_changed
      from (select n.*, row_number() over (order by coalesce(n.submitted_at, n.created_at), n.id) as applicant_number
          from applications n where n.program_id = ${programId} and n.status <> 'draft') a
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id
      left join reviews r on r.application_id = a.id
      left join score_sheets ms on ms.application_id = a.id and ms.reviewer_id = ${caller.userId}
      left join (${aggregatesSql(sql`s.program_id = ${programId}`)}) ag on ag.application_id = a.id
      ${nameJoins}
      where ${caller.admin ? sql`true` : sql`ms.id is not null and a.status <> 'withdrawn'`}
      order by a.applicant_number`;
}

export async function independentQueueItems(
  db: Db,
  programId: string,
  caller: { userId: string; admin: boolean; hideIdentity: boolean },
): Promise<ReviewListRow[]> {
  const found = await rows(db, independentQueueSql(programId, caller));
  return found.map((r) => {
    const row = toListRow(r);
    return {
      ...row,
      ...(caller.hideIdentity
        ? {
            applicant_name: null,
            applicant_id: null,
            identity_hidden: true,
            applicant_number: Number(r.applicant_number),
          }
        : { applicant_number: Number(r.applicant_number) }),
      // A reviewer sees the aggregate on the application's page, as independence allows; not in the list.
      scoring: caller.admin ? toAggregate(r) : null,
      my_sheet: r.my_sheet_id
        ? {
            id: String(r.my_sheet_id),
            status: String(r.my_sheet_status) as SheetStatus,
            total: r.my_sheet_total === null ? null : Number(r.my_sheet_total),
          }
        : null,
      // A reviewer is told when the application changed after their own sheet was saved (decision 063).
      ...(caller.admin ? {} : { changed_since_scored: r.my_sheet_changed === true }),
      // The final decision is the admins' (a reviewer scores on their own sheet).
      ...(caller.admin
        ? {}
        : {
            review_id: null,
            reviewer_id: null,
            reviewer_name: null,
            status: 'not_started' as const,
            score: null,
            comments: null,
            ratings: null,
            decision: null,
          }),
    };
  });
}
