import { eq, sql } from 'drizzle-orm';
import { applicantDeadline } from '../../shared/domain/deadlines';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { applications, organizations, programs } from '../db/schema';
import { registerJobHandler } from '../jobs';
import { letterReminderStillDue } from '../letters/still-due';
import { type OutgoingEmail, queueEmails } from './queue';
import type { MailKind } from './templates';

declare module '../jobs/registry' {
  interface JobTypes {
    'mail.reminders': Record<string, never>;
  }
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const NOT_DUE = {
  submitted: 'The application was submitted meanwhile.',
  closed: 'The program is closed or no longer published.',
  moved: 'The deadline changed meanwhile.',
};

/**
 * Reminders and deadline notices are checked again just before they go out: never after the
 * applicant submitted, never for a program that closed, was unpublished or deleted, and a reminder
 * only for the deadline it was written for; a recommender's reminder by the letters area's rule.
 * True, or why it is skipped.
 */
export async function stillDue(
  db: Db,
  clock: Clock,
  kind: MailKind,
  data: Record<string, unknown>,
): Promise<true | string> {
  // A reminder to a recommender (decision 065): the letters area's own check.
  if (kind === 'letter_request') return data.reminder ? letterReminderStillDue(db, clock.now(), data) : true;
  if (kind !== 'deadline_reminder' && kind !== 'deadline_extended') return true;
  const [row] = await db
    .select({
      status: applications.status,
      published: programs.published,
      deleted: sql<boolean>`${programs.deletedAt} is not null or ${organizations.deletedAt} is not null`,
      closeAt: programs.closeAt,
      personalCloseAt: applications.personalCloseAt,
      graceMinutes: programs.graceMinutes,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(applications.id, String(data.applicationId)));
  if (row?.status !== 'draft') return NOT_DUE.submitted;
  const now = clock.now();
  // This applicant's own deadline: a personal close time when an admin set one (shared/domain/deadlines).
  const own = applicantDeadline({ openAt: null, ...row });
  const mine = own.closeAt;
  if (!row.published || row.deleted || (mine && mine <= now)) return NOT_DUE.closed;
  // The program's new close is not this applicant's deadline: their personal one still gives more time.
  if (kind === 'deadline_extended' && own.personal) return NOT_DUE.moved;
  const written = (data.closeAt as string | null) ?? null;
  // A reminder is for the applicant's deadline; an extension notice for the program's.
  const current = kind === 'deadline_reminder' ? mine : row.closeAt;
  if ((current ? current.toISOString() : null) !== (written ? iso(written) : null)) return NOT_DUE.moved;
  return true;
}

interface Drafter {
  application_id: string;
  user_id: string;
  email: string;
  name: string | null;
  program_id: string;
  program_name: string;
  organization_id: string;
  org_name: string;
  close_at: Date | string;
  personal: boolean;
  hours: number;
}

/**
 * Queues the deadline reminders due at `now`: for each draft of a published program, the nearest of
 * the program's reminder times (72 h and 24 h before by default) before the applicant's own deadline
 * (their personal close time when an admin set one that gives more time than everyone has: the rule
 * of shared/domain/deadlines, in SQL) that has come; one email per applicant, keyed by application,
 * deadline and reminder, so each is sent once and a new deadline gets its own. One query and a few
 * inserts, whatever the number of drafters.
 */
export async function queueDueReminders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      select a.id as application_id, a.user_id, u.email, coalesce(pr.full_name, nullif(u.name, '')) as name,
        p.id as program_id, p.name as program_name, p.organization_id, o.name as org_name, d.close_at,
        d.personal, h.hours
      from applications a
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id and o.deleted_at is null
      cross join lateral (
        select coalesce(x.personal, false) as personal,
          case when x.personal then a.personal_close_at else p.close_at end as close_at
        from (select a.personal_close_at is not null and (p.close_at is null
          or a.personal_close_at > p.close_at + make_interval(mins => p.grace_minutes)) as personal) x
      ) d
      cross join lateral (
        select min(x)::int as hours from unnest(p.reminder_hours) as x
        where x > 0 and d.close_at - make_interval(hours => x) <= ${now.toISOString()}::timestamptz
      ) h
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where a.status = 'draft' and p.published and p.deleted_at is null and d.close_at is not null
        and d.close_at > ${now.toISOString()}::timestamptz and h.hours is not null
        and (pr.deleted_at is null)`);
    const emails: OutgoingEmail<'deadline_reminder'>[] = rowsOf<Drafter>(result).map((r) => ({
      kind: 'deadline_reminder',
      to: { email: r.email, userId: r.user_id },
      about: { entity: `${r.application_id}@${iso(r.close_at)}`, version: `${r.hours}h` },
      organizationId: r.organization_id,
      programId: r.program_id,
      data: {
        name: r.name,
        programName: r.program_name,
        orgName: r.org_name,
        closeAt: iso(r.close_at),
        personal: r.personal,
        hours: r.hours,
        applicationId: r.application_id,
      },
    }));
    return queueEmails(tx, emails);
  });
}

/**
 * Inside the transaction that moves a published program's deadline later (or removes it): a notice
 * to everyone with a draft, once per application and new deadline — except those whose personal
 * close time still gives more time than the new close and its grace (decision 058): their deadline
 * did not change, and the program's would be the wrong one to tell them.
 */
export async function queueDeadlineExtended(
  tx: Db,
  program: { id: string; name: string; organizationId: string; orgName: string },
  previousCloseAt: Date | null,
  closeAt: Date | null,
): Promise<number> {
  const drafters = await tx.execute(sql`
    select a.id as application_id, a.user_id, u.email, coalesce(pr.full_name, nullif(u.name, '')) as name
    from applications a
    join programs p on p.id = a.program_id
    join "user" u on u.id = a.user_id
    left join profiles pr on pr.id = a.user_id
    where a.program_id = ${program.id} and a.status = 'draft' and pr.deleted_at is null
      ${closeAt ? sql`and (a.personal_close_at is null or a.personal_close_at <= ${closeAt.toISOString()}::timestamptz + make_interval(mins => p.grace_minutes))` : sql``}`);
  const emails: OutgoingEmail<'deadline_extended'>[] = rowsOf<Drafter>(drafters).map((r) => ({
    kind: 'deadline_extended',
    to: { email: r.email, userId: r.user_id },
    about: { entity: `${r.application_id}@${closeAt ? closeAt.toISOString() : 'none'}` },
    organizationId: program.organizationId,
    programId: program.id,
    data: {
      name: r.name,
      programName: program.name,
      orgName: program.orgName,
      closeAt: closeAt ? closeAt.toISOString() : null,
      previousCloseAt: previousCloseAt ? previousCloseAt.toISOString() : null,
      applicationId: r.application_id,
    },
  }));
  return queueEmails(tx, emails);
}

/** Published programs' drafters, checked every five minutes (once across processes: pg-boss cron). */
registerJobHandler(
  'mail.reminders',
  async (_job, deps) => {
    await queueDueReminders(deps.db, deps.clock.now());
  },
  { schedule: '*/5 * * * *', retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 120, batchSize: 1 },
);
