import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { notifyTopic } from '../realtime/notify';
import { type programForUpdate, recordEvent } from './queries';

type LockedProgram = NonNullable<Awaited<ReturnType<typeof programForUpdate>>>['program'];

/** Records a transition in the program's history and announces it to open editors (on commit). */
export async function transitioned(
  tx: Db,
  event: {
    programId: string;
    kind: string;
    from?: string | null;
    to?: string | null;
    note?: string | null;
    actorId: string;
    at: Date;
  },
) {
  await recordEvent(tx, event);
  await notifyTopic(tx, `program:${event.programId}`, { kind: event.kind });
  // The review lists show program names and decision settings: they reload on any program change.
  await notifyTopic(tx, 'reviews', { program_id: event.programId });
}

/**
 * Puts a program live: the pending form (if any) becomes the live form, status published, publish
 * stamps set with the given scope. One function for both ways in: publishing and super approval.
 */
export async function goLive(
  tx: Db,
  program: LockedProgram,
  opts: {
    kind: 'published' | 'approved';
    by: string;
    at: Date;
    scope: 'org' | 'coalition';
    coalitionId: string | null;
    clearApproval: boolean;
  },
) {
  await tx
    .update(programs)
    .set({
      form: program.pendingForm ?? program.form,
      pendingForm: null,
      reviewStatus: 'published',
      reviewNote: null,
      published: true,
      publishedAt: opts.at,
      publishedBy: opts.by,
      publishedScope: opts.scope,
      publishedCoalitionId: opts.coalitionId,
      ...(opts.clearApproval ? { requiresSuperApproval: false } : {}),
      updatedAt: opts.at,
      version: program.version + 1,
    })
    .where(eq(programs.id, program.id));
  await transitioned(tx, {
    programId: program.id,
    kind: opts.kind,
    from: program.reviewStatus,
    to: 'published',
    note: opts.coalitionId ? `coalition:${opts.coalitionId}` : 'org',
    actorId: opts.by,
    at: opts.at,
  });
}
