import { sql } from 'drizzle-orm';
import { isPending, type LetterState, letterUnsubscribeWords } from '../../shared/domain/letters';
import type { LetterUnsubscribe } from '../../shared/schemas/letters';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { Invalid } from '../errors';
import { maskAddress } from '../mail/service';
import { readLetterUnsubscribeToken } from './keys';

/** The request a "Stop reminders" link names (its signature checked), or the page's refusal (422). */
async function requestOfLink(db: Db, clock: Clock, config: Config, token: string) {
  const now = clock.now();
  const read = readLetterUnsubscribeToken(config.authSecret, token, now);
  if (read === 'expired') throw new Invalid(letterUnsubscribeWords.expired, { token: 'expired' });
  const invalid = () =>
    new Invalid(letterUnsubscribeWords.invalid, { token: letterUnsubscribeWords.invalid });
  if (!read) throw invalid();
  const [row] = rowsOf<{
    id: string;
    email: string;
    state: LetterState;
    reminders_off: boolean;
    token_expires_at: string | Date;
    app_status: string;
    program_name: string;
    org_name: string;
    applicant_name: string | null;
  }>(
    await db.execute(sql`
      select r.id, r.email, r.state, r.reminders_off, r.token_expires_at, a.status as app_status,
        p.name as program_name, o.name as org_name,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as applicant_name
      from letter_requests r
      join applications a on a.id = r.application_id
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where r.id = ${read.requestId}`),
  );
  // A request that is gone (its applicant's account was deleted): nothing is sent about it any more.
  if (!row) throw invalid();
  const info = (subscribed: boolean): LetterUnsubscribe => ({
    applicant_name: row.applicant_name ?? 'An applicant',
    program_name: row.program_name,
    org_name: row.org_name,
    email: maskAddress(row.email),
    subscribed,
    pending: isPending(row.state) && row.app_status !== 'withdrawn' && new Date(row.token_expires_at) > now,
  });
  return { id: row.id, info, off: row.reminders_off };
}

/** What a recommender's "Stop reminders about this request" link turns off (shown before they confirm). */
export async function letterUnsubscribeInfo(
  db: Db,
  clock: Clock,
  config: Config,
  token: string,
): Promise<LetterUnsubscribe> {
  const r = await requestOfLink(db, clock, config, token);
  return r.info(!r.off);
}

/**
 * Stops the reminders of that one request (decision 065); its letter link keeps working. The signed
 * token is the authority (no account); idempotent; also the RFC 8058 one-click POST.
 */
export async function letterUnsubscribe(
  db: Db,
  clock: Clock,
  config: Config,
  token: string,
): Promise<LetterUnsubscribe> {
  const r = await requestOfLink(db, clock, config, token);
  if (!r.off)
    await db.execute(
      sql`update letter_requests set reminders_off = true, updated_at = ${clock.now().toISOString()}::timestamptz
        where id = ${r.id}`,
    );
  return r.info(false);
}
