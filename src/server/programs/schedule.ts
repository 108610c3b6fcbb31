import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { retentionLabel } from '../../shared/domain/privacy';
import type { Actor } from '../../shared/policy';
import type { ProgramSchedule, programScheduleInput } from '../../shared/schemas/programs';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { queueDeadlineExtended } from '../mail/reminders';
import { assertAdmin, programAccess } from './access';
import { messages } from './editor';
import { programForUpdate } from './queries';
import { transitioned } from './transitions';

export const scheduleMessages = {
  saved: 'Dates and reminders saved.',
  savedNotified: (n: number) =>
    `Dates and reminders saved. ${n} applicant${n === 1 ? '' : 's'} with an unfinished application will be told the deadline moved.`,
  order: 'The close date must not be before the open date.',
  stale: 'The dates were changed by someone else since you opened them. Reload to see the latest.',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The schedule's own concurrency token: a digest of what it holds. Dates are not the form, so a
 * change of dates must not make an open editor's unsaved form stale (the program's version).
 */
function scheduleOf(p: {
  openAt: Date | null;
  closeAt: Date | null;
  reminderHours: number[];
  retentionMonths: number | null;
}): ProgramSchedule {
  const values = {
    open_at: iso(p.openAt),
    close_at: iso(p.closeAt),
    reminder_hours: p.reminderHours,
    retention_months: p.retentionMonths,
  };
  return {
    ...values,
    version: createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 16),
  };
}

/** A program's open and close dates and its deadline reminders (its admins). */
export async function getSchedule(db: Db, actor: Actor | null, id: string): Promise<ProgramSchedule> {
  assertAdmin(await programAccess(db, actor, id));
  const [p] = await db
    .select({
      openAt: programs.openAt,
      closeAt: programs.closeAt,
      reminderHours: programs.reminderHours,
      retentionMonths: programs.retentionMonths,
    })
    .from(programs)
    .where(eq(programs.id, id));
  if (!p) throw new NotFound('Program not found.');
  return scheduleOf(p);
}

/** Moved later, or removed, while it still mattered to drafters: they are told. */
function extended(before: Date | null, after: Date | null): boolean {
  if (!before) return false;
  return after === null || after.getTime() > before.getTime();
}

/**
 * Saves the dates and reminders (they do not change the form, so a live program needs no new
 * approval). When a published program's deadline moves later (or is removed), everyone with an
 * unfinished application gets a notice, queued in the same transaction. Stale versions: 409.
 */
export async function setSchedule(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: z.output<typeof programScheduleInput>,
) {
  const access = await programAccess(db, actor, id);
  assertAdmin(access);
  const openAt = input.open_at ? new Date(input.open_at) : null;
  const closeAt = input.close_at ? new Date(input.close_at) : null;
  if (openAt && closeAt && closeAt < openAt)
    throw new Invalid(scheduleMessages.order, { close_at: scheduleMessages.order });
  const now = clock.now();
  return db.transaction(async (tx) => {
    const current = await programForUpdate(tx, id);
    if (!current) throw new NotFound('Program not found.');
    const p = current.program;
    if (p.deletedAt) throw new Conflict(messages.deleted);
    if (scheduleOf(p).version !== input.version) throw new Conflict(scheduleMessages.stale);
    const [saved] = await tx
      .update(programs)
      .set({
        openAt,
        closeAt,
        reminderHours: input.reminder_hours,
        ...(input.retention_months !== undefined && { retentionMonths: input.retention_months }),
        updatedAt: now,
      })
      .where(eq(programs.id, id))
      .returning({
        openAt: programs.openAt,
        closeAt: programs.closeAt,
        reminderHours: programs.reminderHours,
        retentionMonths: programs.retentionMonths,
      });
    await transitioned(tx, {
      programId: id,
      kind: 'schedule',
      from: p.reviewStatus,
      to: p.reviewStatus,
      note: `${iso(openAt) ?? '—'} → ${iso(closeAt) ?? '—'}${saved.retentionMonths !== p.retentionMonths ? `; ${retentionLabel(saved.retentionMonths).toLowerCase()}` : ''}`,
      actorId: access.actor.userId,
      at: now,
    });
    let notified = 0;
    if (p.published && !current.orgDeletedAt && extended(p.closeAt, closeAt)) {
      notified = await queueDeadlineExtended(
        tx,
        { id, name: p.name, organizationId: p.organizationId, orgName: current.orgName },
        p.closeAt,
        closeAt,
      );
    }
    return {
      message: notified ? scheduleMessages.savedNotified(notified) : scheduleMessages.saved,
      schedule: scheduleOf(saved),
      notified,
    };
  });
}
