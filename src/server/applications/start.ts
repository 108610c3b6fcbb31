import { and, eq } from 'drizzle-orm';
import { windowState } from '../../shared/domain/programs';
import type { Actor } from '../../shared/policy';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { applications } from '../db/schema';
import { publicProgram } from '../discovery/queries';
import { Conflict, NotFound } from '../errors';

export const startMessages = {
  notOpen: 'Application Coming Soon: this program is not open yet.',
  closed: 'Application Closed: the deadline has passed.',
};

/**
 * Start or continue: one application per applicant and program. An existing application is always
 * returned; a new one is created only for a published program whose window is open.
 */
export async function startOrGetApplication(db: Db, clock: Clock, actor: Actor | null, programId: string) {
  const me = requireActor(actor);
  const program = await publicProgram(db, programId);
  if (!program) throw new NotFound('Program not found.');
  const existing = await findApplication(db, programId, me.userId);
  if (existing) return { id: existing.id, created: false };
  const state = windowState(program.open_at, program.close_at, clock.now());
  if (state === 'not_open') throw new Conflict(startMessages.notOpen);
  if (state === 'closed') throw new Conflict(startMessages.closed);
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
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.programId, programId), eq(applications.userId, userId)));
  return row ?? null;
}
