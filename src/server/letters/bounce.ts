import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A request email the SMTP server refused for good (5xx) marks its request Bounced, as its applicant
 * then sees (called by the mail job's failure handler with the failed message's id).
 */
export async function markLetterBounced(db: Db, mailMessageId: string): Promise<void> {
  await db.execute(sql`
    update letter_requests set state = 'bounced', updated_at = now()
    where state in ('requested', 'opened')
      and id = (select (m.data->>'requestId')::uuid from mail_messages m
        where m.id = ${mailMessageId} and m.kind = 'letter_request')`);
}
