import { and, eq, inArray, sql } from 'drizzle-orm';
import { deadlineMessages } from '../../shared/domain/deadlines';
import type { Actor } from '../../shared/policy';
import type { PersonalDeadlineInput } from '../../shared/schemas/applications';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { applications, organizations, profiles, programs, user } from '../db/schema';
import { Invalid } from '../errors';
import { type OutgoingEmail, queueEmails } from '../mail';
import { programAdminAccess } from '../program-assignments/access';
import { emitWebhookEvent } from '../webhooks';

/** An admin of the program (`programAdminAccess`: reviewers and coalition managers 403, others 404). */
async function adminOf(db: Db, actor: Actor | null, programId: string) {
  const { actor: me, scope } = await programAdminAccess(db, actor, programId);
  return { me, scope };
}

/**
 * Sets (or removes, with null) a personal close time on some of the program's applications (issue
 * 31 item 3). Every id is checked against the program. Each change is audited, announced to the
 * organization's webhooks (`deadline.extended`) and emailed to its applicant, in one transaction.
 */
export async function setPersonalDeadlines(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: PersonalDeadlineInput,
): Promise<{ updated: number }> {
  const { me, scope } = await adminOf(db, actor, programId);
  const now = clock.now();
  const closeAt = input.close_at ? new Date(input.close_at) : null;
  if (closeAt && closeAt.getTime() <= now.getTime())
    throw new Invalid(deadlineMessages.mustBeFuture, { close_at: deadlineMessages.mustBeFuture });
  const ids = [...new Set(input.application_ids)];
  const note = input.note?.trim() || null;
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: applications.id,
        userId: applications.userId,
        email: user.email,
        name: sql<string | null>`coalesce(${profiles.fullName}, nullif(${user.name}, ''))`,
        programName: programs.name,
        orgName: organizations.name,
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .innerJoin(user, eq(user.id, applications.userId))
      .leftJoin(profiles, eq(profiles.id, applications.userId))
      .where(and(eq(applications.programId, programId), inArray(applications.id, ids)))
      .for('update', { of: applications });
    if (found.length !== ids.length)
      throw new Invalid(deadlineMessages.notInProgram, { application_ids: deadlineMessages.notInProgram });
    await tx
      .update(applications)
      .set({ personalCloseAt: closeAt, personalCloseNote: closeAt ? note : null, updatedAt: now })
      .where(inArray(applications.id, ids));
    const when = closeAt ? closeAt.toISOString() : null;
    const emails: OutgoingEmail<'personal_deadline'>[] = [];
    for (const row of found) {
      await recordAudit(tx, {
        actor: { userId: me.userId },
        action: 'deadline.extended',
        target: { type: 'application', id: row.id, label: row.programName },
        orgId: scope.orgId,
        summary: `personal deadline: ${when ?? '(none)'}${note ? '; with a note' : ''}`,
        at: now,
      });
      await emitWebhookEvent(tx, {
        type: 'deadline.extended',
        scope: { programId },
        key: `deadline.extended:${row.id}:${when ?? 'none'}:${now.toISOString()}`,
        data: { application_id: row.id, program_id: programId, close_at: when },
        at: now,
      });
      if (closeAt)
        emails.push({
          kind: 'personal_deadline',
          to: { email: row.email, userId: row.userId },
          about: { entity: row.id, version: when ?? '' },
          organizationId: scope.orgId,
          programId,
          data: {
            name: row.name,
            programName: row.programName,
            orgName: row.orgName,
            closeAt: when ?? '',
            note,
            applicationId: row.id,
          },
        });
    }
    await queueEmails(tx, emails);
    return { updated: found.length };
  });
}

/** The program-wide grace period in minutes after close (0: off), audited. */
export async function setGracePeriod(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  minutes: number,
): Promise<{ minutes: number }> {
  const { me, scope } = await adminOf(db, actor, programId);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ minutes: programs.graceMinutes, name: programs.name })
      .from(programs)
      .where(eq(programs.id, programId))
      .for('update');
    await tx.update(programs).set({ graceMinutes: minutes }).where(eq(programs.id, programId));
    await recordAudit(tx, {
      actor: { userId: me.userId },
      action: 'program.grace_period',
      target: { type: 'program', id: programId, label: before.name },
      orgId: scope.orgId,
      summary: `grace minutes: ${before.minutes} → ${minutes}`,
      at: now,
    });
    return { minutes };
  });
}

/** The program's grace period, for its admins. */
export async function getGracePeriod(db: Db, actor: Actor | null, programId: string) {
  await adminOf(db, actor, programId);
  const [row] = await db
    .select({ minutes: programs.graceMinutes })
    .from(programs)
    .where(eq(programs.id, programId));
  return { minutes: row?.minutes ?? 0 };
}
