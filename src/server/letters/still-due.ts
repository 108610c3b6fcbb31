import { eq } from 'drizzle-orm';
import { isPending, letterLinkExpiry } from '../../shared/domain/letters';
import type { Db } from '../db/client';
import { applications, letterRequests } from '../db/schema';
import { hashLetterToken } from './keys';

/** Why a queued letter reminder is not sent after all (kept on the email's row). */
export const LETTER_REMINDER_NOT_DUE = {
  gone: 'The letter request no longer exists.',
  notPending: 'The letter request is no longer waiting for a letter.',
  off: 'The recommender turned reminders off for this request.',
  withdrawn: 'The application was withdrawn.',
  replaced: 'A newer link was sent meanwhile.',
  expired: 'The letter deadline passed or the link expired.',
};

/**
 * A letter reminder is checked again just before it goes out (decision 065): the request still
 * waits for its letter, the recommender did not turn its reminders off, the application is not
 * withdrawn, the link in the email is still the request's link, and neither the deadline nor the
 * link's expiry has come. True, or why it is skipped. (Called by the mail job's `stillDue`; its own
 * file, like bounce.ts, so mail does not import the letters service.)
 */
export async function letterReminderStillDue(
  db: Db,
  now: Date,
  data: Record<string, unknown>,
): Promise<true | string> {
  const [row] = await db
    .select({
      state: letterRequests.state,
      off: letterRequests.remindersOff,
      tokenHash: letterRequests.tokenHash,
      expiresAt: letterRequests.tokenExpiresAt,
      lastSentAt: letterRequests.lastSentAt,
      appStatus: applications.status,
    })
    .from(letterRequests)
    .innerJoin(applications, eq(applications.id, letterRequests.applicationId))
    .where(eq(letterRequests.id, String(data.requestId)));
  if (!row) return LETTER_REMINDER_NOT_DUE.gone;
  if (!isPending(row.state)) return LETTER_REMINDER_NOT_DUE.notPending;
  if (row.off) return LETTER_REMINDER_NOT_DUE.off;
  if (row.appStatus === 'withdrawn') return LETTER_REMINDER_NOT_DUE.withdrawn;
  if (row.tokenHash !== hashLetterToken(String(data.token))) return LETTER_REMINDER_NOT_DUE.replaced;
  const deadline = typeof data.deadline === 'string' ? new Date(data.deadline) : null;
  if (letterLinkExpiry(row.expiresAt, deadline, row.lastSentAt) <= now || (deadline && deadline <= now))
    return LETTER_REMINDER_NOT_DUE.expired;
  return true;
}
