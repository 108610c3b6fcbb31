import { inArray, sql } from 'drizzle-orm';
import {
  type LetterReminder,
  letterCloseAt,
  letterDeadline,
  letterLinkExpiry,
  letterReminderDue,
  REMINDER_GAP_MS,
} from '../../shared/domain/letters';
import type { ApplicationForm } from '../../shared/schemas/forms';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { programs } from '../db/schema';
import { registerJobHandler } from '../jobs';
import { hashLetterToken, newLetterToken, openLetterToken, sealLetterToken } from './keys';
import { queueRequestEmail } from './service';

declare module '../jobs/registry' {
  interface JobTypes {
    'letters.reminders': Record<string, never>;
  }
}

interface Candidate {
  id: string;
  question_key: string;
  name: string;
  email: string;
  message: string;
  token_expires_at: string | Date;
  last_sent_at: string | Date;
  last_reminder_at: string | Date | null;
  reminded_after_request_at: string | Date | null;
  reminded_before_deadline_at: string | Date | null;
  sends: number;
  program_id: string;
  close_at: string | Date | null;
  grace_minutes: number | null;
  personal_close_at: string | Date | null;
  late_close_at: string | Date | null;
  org_id: string;
  org_name: string;
  program_name: string;
  applicant_name: string | null;
}

const date = (d: string | Date) => new Date(d);
const column: Record<LetterReminder, string> = {
  after_request: 'reminded_after_request_at',
  before_deadline: 'reminded_before_deadline_at',
};

/**
 * Queues the letter reminders due at `now` (decision 065): for each request still waiting for its
 * letter whose recommender did not turn reminders off, whose application is not withdrawn and whose
 * program and organization exist, the reminder `letterReminderDue` names. Each reminder is claimed
 * with a conditional update of its own column (`… is null`) in the transaction that queues its email,
 * and the email's key names the reminder: the job run twice, or on two workers at once, sends each
 * reminder once. The email carries the link the recommender already has (opened from its sealed
 * copy); a request without one (made before reminders, or under another server secret) gets a new
 * link, and the email says so. A few statements whatever the number of requests.
 */
export async function queueDueLetterReminders(db: Db, now: Date, secret: string): Promise<number> {
  const since = new Date(now.getTime() - REMINDER_GAP_MS).toISOString();
  const candidates = rowsOf<Candidate>(
    await db.execute(sql`
      select r.id, r.question_key, r.name, r.email, r.message, r.token_expires_at, r.last_sent_at,
        r.last_reminder_at, r.reminded_after_request_at, r.reminded_before_deadline_at, r.sends, p.id as program_id, p.close_at,
        p.grace_minutes, a.personal_close_at, a.late_close_at,
        o.id as org_id, o.name as org_name, p.name as program_name,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as applicant_name
      from letter_requests r
      join applications a on a.id = r.application_id
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where r.state in ('requested', 'opened') and not r.reminders_off
        and (r.reminded_after_request_at is null or r.reminded_before_deadline_at is null)
        and r.last_sent_at <= ${since}::timestamptz
        and (r.last_reminder_at is null or r.last_reminder_at <= ${since}::timestamptz)
        and a.status <> 'withdrawn' and p.deleted_at is null and o.deleted_at is null
      order by r.id`),
  );
  if (candidates.length === 0) return 0;
  const ids = [...new Set(candidates.map((c) => c.program_id))];
  const forms = new Map(
    (
      await db
        .select({ id: programs.id, form: programs.form })
        .from(programs)
        .where(inArray(programs.id, ids))
    ).map((p) => [p.id, p.form as ApplicationForm | null]),
  );

  const due: { c: Candidate; kind: LetterReminder; deadline: Date | null; expiresAt: Date }[] = [];
  for (const c of candidates) {
    const q = forms.get(c.program_id)?.questions.find((x) => x.key === c.question_key);
    if (q?.type !== 'reference_letter') continue;
    // The application's close is its applicant's (a personal deadline, grace, a late link).
    const closeAt = letterCloseAt({
      openAt: null,
      closeAt: c.close_at,
      graceMinutes: c.grace_minutes,
      personalCloseAt: c.personal_close_at,
      linkCloseAt: c.late_close_at,
    });
    const deadline = letterDeadline(q, closeAt);
    // A deadline moved later keeps the link working past the expiry stored when it was sent.
    const expiresAt = letterLinkExpiry(date(c.token_expires_at), deadline, date(c.last_sent_at));
    const kind = letterReminderDue({
      lastSentAt: date(c.last_sent_at),
      lastReminderAt: c.last_reminder_at ? date(c.last_reminder_at) : null,
      afterRequestSent: c.reminded_after_request_at !== null,
      beforeDeadlineSent: c.reminded_before_deadline_at !== null,
      deadline,
      tokenExpiresAt: expiresAt,
      now,
    });
    if (kind) due.push({ c, kind, deadline, expiresAt });
  }
  if (due.length === 0) return 0;

  return db.transaction(async (tx) => {
    let queued = 0;
    for (const { c, kind, deadline, expiresAt } of due) {
      // The claim: only one run (or worker) finds the column still empty and the request still waiting.
      const [claimed] = rowsOf<{ token_hash: string; token_sealed: string | null }>(
        await tx.execute(sql`
          update letter_requests
          set ${sql.raw(column[kind])} = ${now.toISOString()}::timestamptz,
            last_reminder_at = ${now.toISOString()}::timestamptz, reminders = reminders + 1,
            updated_at = ${now.toISOString()}::timestamptz
          where id = ${c.id} and ${sql.raw(column[kind])} is null
            and state in ('requested', 'opened') and not reminders_off
          returning token_hash, token_sealed`),
      );
      if (!claimed) continue;
      // The link as of the claim (a resend may have replaced it since the candidates were read).
      let token = openLetterToken(secret, c.id, claimed.token_sealed);
      const newLink = !token || hashLetterToken(token) !== claimed.token_hash;
      if (newLink) {
        const fresh = newLetterToken();
        token = fresh.token;
        await tx.execute(sql`
          update letter_requests set token_hash = ${fresh.hash},
            token_sealed = ${sealLetterToken(secret, c.id, fresh.token)}
          where id = ${c.id}`);
      }
      await queueRequestEmail(
        tx,
        {
          orgId: c.org_id,
          orgName: c.org_name,
          programName: c.program_name,
          applicantName: c.applicant_name ?? 'An applicant',
        },
        c,
        token as string,
        expiresAt,
        c.sends,
        deadline,
        { kind, newLink },
      );
      queued++;
    }
    return queued;
  });
}

/** Letter requests waiting for their letters, checked every fifteen minutes (once across processes: pg-boss cron). */
registerJobHandler(
  'letters.reminders',
  async (_job, deps) => {
    await queueDueLetterReminders(deps.db, deps.clock.now(), deps.config.authSecret);
  },
  { schedule: '*/15 * * * *', retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 120, batchSize: 1 },
);
