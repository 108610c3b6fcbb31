import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { applications, organizations, programs } from '../db/schema';
import { registerJobHandler } from '../jobs';
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
 * only for the deadline it was written for. True, or why it is skipped.
 */
export async function stillDue(
  db: Db,
  clock: Clock,
  kind: MailKind,
  data: Record<string, unknown>,
): Promise<true | string> {
  if (kind !== 'deadline_reminder' && kind !== 'deadline_extended') return true;
  const [row] = await db
    .select({
      status: applications.status,
      published: programs.published,
      deleted: sql<boolean>`${programs.deletedAt} is not null or ${organizations.deletedAt} is not null`,
      closeAt: programs.closeAt,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(applications.id, String(data.applicationId)));
  if (row?.status !== 'draft') return NOT_DUE.submitted;
  const now = clock.now();
  if (!row.published || row.deleted || (row.closeAt && row.closeAt <= now)) return NOT_DUE.closed;
  const written = (data.closeAt as string | null) ?? null;
  if ((row.closeAt ? row.closeAt.toISOString() : null) !== (written ? iso(written) : null))
    return NOT_DUE.moved;
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
  hours: number;
}

/**
 * Queues the deadline reminders due at `now`: for each published, open program with a deadline, the
 * nearest of its reminder times (72 h and 24 h before by default) that has come; one email per
 * applicant with a draft, keyed by application, deadline and reminder, so each is sent once and a
 * new deadline gets its own. One query and a few inserts, whatever the number of drafters.
 */
export async function queueDueReminders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      select a.id as application_id, a.user_id, u.email, coalesce(pr.full_name, nullif(u.name, '')) as name,
        p.id as program_id, p.name as program_name, p.organization_id, o.name as org_name, p.close_at, h.hours
      from programs p
      join organizations o on o.id = p.organization_id and o.deleted_at is null
      cross join lateral (
        select min(x)::int as hours from unnest(p.reminder_hours) as x
        where x > 0 and p.close_at - make_interval(hours => x) <= ${now.toISOString()}::timestamptz
      ) h
      join applications a on a.program_id = p.id and a.status = 'draft'
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where p.published and p.deleted_at is null and p.close_at is not null
        and p.close_at > ${now.toISOString()}::timestamptz and h.hours is not null
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
        hours: r.hours,
        applicationId: r.application_id,
      },
    }));
    return queueEmails(tx, emails);
  });
}

/**
 * Inside the transaction that moves a published program's deadline later (or removes it): a notice
 * to everyone with a draft, once per application and new deadline.
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
    join "user" u on u.id = a.user_id
    left join profiles pr on pr.id = a.user_id
    where a.program_id = ${program.id} and a.status = 'draft' and pr.deleted_at is null`);
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
