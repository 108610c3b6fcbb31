import { and, eq } from 'drizzle-orm';
import { windowState } from '../../shared/domain/programs';
import type { Actor } from '../../shared/policy';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { applications } from '../db/schema';
import { publicProgram } from '../discovery/queries';
import { Conflict, NotFound } from '../errors';
import { assertScreened } from './screening-pass';
import { invitationOnlyGate } from './stages';

export const startMessages = {
  notOpen: 'Application Coming Soon: this program is not open yet.',
  closed: 'Application Closed: the deadline has passed.',
};

/**
 * Start or continue: one application per applicant and program. An existing application is
 * returned (a draft of an open program only after a pass of its current screening); a new one is
 * created only for a published program whose window is open, after that pass (decision 061) —
 * never for a later stage of a program, which is by invitation only (decision 066).
 */
export async function startOrGetApplication(db: Db, clock: Clock, actor: Actor | null, programId: string) {
  const me = requireActor(actor);
  // A later stage is by invitation only (decision 066): the invited open their draft, others 403.
  const invited = await invitationOnlyGate(db, programId, me.userId);
  if (invited) return { id: invited.applicationId, created: false };
  const program = await publicProgram(db, programId);
  if (!program) throw new NotFound('Program not found.');
  const existing = await findApplication(db, programId, me.userId);
  const state = windowState(program.open_at, program.close_at, clock.now());
  // Screening (decision 061): a new application, or a draft while the window is open, only after a
  // pass of the current screening; an application already submitted (or a closed draft) is opened.
  if (existing) {
    if (existing.status === 'draft' && state === 'open')
      await assertScreened(db, programId, me.userId, program.form);
    return { id: existing.id, created: false };
  }
  if (state === 'not_open') throw new Conflict(startMessages.notOpen);
  if (state === 'closed') throw new Conflict(startMessages.closed);
  await assertScreened(db, programId, me.userId, program.form);
  const now = clock.now();
  const [created] = await db
    .insert(applications)
    .values({ programId, userId: me.userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: applications.id });
  if (created) return { id: created.id, created: true };
  // Another request created it at the same moment.
  return { id: (await findApplication(db, programId, me.userId))!.id, created: false };
}

async function findApplication(db: Db, programId: string, userId: string) {
  const [row] = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.programId, programId), eq(applications.userId, userId)));
  return row ?? null;
}
