import { sql } from 'drizzle-orm';
import type { Actor } from '../../shared/policy';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Conflict, NotFound } from '../errors';
import { queueEmail } from '../mail';
import { programAdminAccess } from '../program-assignments/access';
import { poolSql, rows, sheetInLoad } from './queries';

export const REVIEWER_NOT_FOUND = 'Reviewer not found.';
export const NOTHING_TO_SCORE = 'This reviewer has nothing left to score.';

/**
 * 'Remind' (issue 20 item 7): emails a reviewer their remaining count and a link to their queue,
 * through the email outbox (queued in the transaction, sent by the job queue). One reminder per
 * reviewer, program and day: the key's version is the day, so pressing Remind again that day sends
 * nothing more.
 */
export async function remindReviewer(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  userId: string,
  mailOff = false,
): Promise<{ message: string; sent: boolean }> {
  const access = await programAdminAccess(db, actor, programId);
  const [reviewer] = await rows(
    db,
    sql`select u.id, u.email, coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as name,
        o.name as org_name,
        (select count(*) from score_sheets s where s.program_id = ${programId} and s.reviewer_id = u.id
          and s.status <> 'submitted' and ${sheetInLoad(sql`s.application_id`)})::int as remaining
      from "user" u join profiles pr on pr.id = u.id and pr.deleted_at is null
      join programs p on p.id = ${programId} join organizations o on o.id = p.organization_id
      where u.id = ${userId} and (u.id in (select user_id from (${poolSql(programId)}) pool)
        or exists (select 1 from score_sheets s where s.program_id = ${programId} and s.reviewer_id = u.id))`,
  );
  if (!reviewer) throw new NotFound(REVIEWER_NOT_FOUND);
  const remaining = Number(reviewer.remaining);
  if (remaining === 0) throw new Conflict(NOTHING_TO_SCORE);
  const name = reviewer.name === null ? null : String(reviewer.name);
  const who = name ?? String(reviewer.email);
  const sent = await db.transaction((tx) =>
    queueEmail(tx, {
      kind: 'score_reminder',
      to: { email: String(reviewer.email), userId },
      about: { entity: `scoring:${programId}`, version: clock.now().toISOString().slice(0, 10) },
      organizationId: access.scope.orgId,
      data: {
        name,
        programName: access.program.name,
        orgName: String(reviewer.org_name),
        programId,
        remaining,
      },
    }),
  );
  if (mailOff) return { message: `Mail is off: no reminder was sent to ${who}.`, sent: false };
  return sent
    ? { message: `Reminder sent to ${who}.`, sent }
    : { message: `${who} was already reminded today, or has turned reminders off.`, sent };
}
