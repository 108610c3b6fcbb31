import { sql } from 'drizzle-orm';
import { applicantLabel } from '../../shared/domain/blind-review';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { queueEmails } from '../mail/queue';
import { applicantNumbers, poolSql, uuids } from '../scoring/queries';

/**
 * The reviewers who get an applicant's message by email when the program lets reviewers read and
 * write messages (`reviewers_may_write`, decision 059): those ASSIGNED to the application, live and
 * still in the program's reviewer pool — in independent scoring the reviewers with a score sheet of
 * it, in shared review the program's pool — never one recused from it (a conflict, marked or
 * declared) and never one who already gets it as an admin. One statement; none when the setting is off,
 * and none for a withdrawn application (out of review, decision 058: its reviewers no longer read it).
 */
async function assignedReviewers(tx: Db, applicationId: string, programId: string, exclude: string[]) {
  return rowsOf<{ user_id: string; email: string; name: string | null; blind: boolean }>(
    await tx.execute(sql`
      select pool.user_id, pool.email, pool.name, coalesce(ps.blind, false) as blind
      from (${poolSql(programId)}) pool
      join program_message_settings pms on pms.program_id = ${programId} and pms.reviewers_may_write
      left join program_scoring ps on ps.program_id = ${programId}
      where not exists (select 1 from review_conflicts c
          where c.application_id = ${applicationId} and c.reviewer_id = pool.user_id)
        and (coalesce(ps.mode, 'shared') = 'shared' or exists (select 1 from score_sheets s
          where s.application_id = ${applicationId} and s.reviewer_id = pool.user_id))
        and not (pool.user_id = any(${uuids(exclude)}))
        and exists (select 1 from applications wa where wa.id = ${applicationId} and wa.status <> 'withdrawn')
      order by pool.user_id`),
  );
}

/**
 * An applicant's message, emailed to the application's assigned reviewers (issue 31 item 2): once
 * each (the email's key is kind + recipient + message id), in the message's transaction. In a blind
 * program the email names no applicant: they are "Applicant #N", as on the reviewer's screens.
 */
export async function emailAssignedReviewers(
  tx: Db,
  m: {
    messageId: string;
    applicationId: string;
    programId: string;
    programName: string;
    orgName: string;
    applicantName: string | null;
    body: string;
    /** Who already gets the message as an admin of the program. */
    admins: string[];
  },
): Promise<number> {
  const reviewers = await assignedReviewers(tx, m.applicationId, m.programId, m.admins);
  if (reviewers.length === 0) return 0;
  const blind = reviewers[0].blind;
  const from = blind
    ? applicantLabel((await applicantNumbers(tx, [m.applicationId])).get(m.applicationId))
    : (m.applicantName ?? applicantLabel(null));
  await queueEmails(
    tx,
    reviewers.map((r) => ({
      kind: 'message_received' as const,
      to: { email: r.email, userId: r.user_id },
      about: { entity: `message:${m.messageId}` },
      programId: m.programId,
      data: {
        name: r.name,
        programName: m.programName,
        orgName: m.orgName,
        applicationId: m.applicationId,
        body: m.body,
        from,
        toStaff: true,
        asReviewer: true,
      },
    })),
  );
  return reviewers.length;
}
