import { desc, eq } from 'drizzle-orm';
import { previewSource } from '../../shared/domain/program-status';
import { reviewStatuses } from '../../shared/domain/programs';
import type { Actor } from '../../shared/policy';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { profiles, programEvents, programs } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { programAccess } from './access';
import { queueProgramReviewed } from './emails';
import { adminProgram, allPrograms, programForUpdate } from './queries';
import { goLive, transitioned } from './transitions';

export const approvalMessages = {
  approved: (name: string) => `Program ${name} has been approved and published.`,
  changesRequested:
    'Change request sent. The program is unpublished and requires super admin approval to republish.',
  notApprovable: 'Only a submitted program or pending changes can be approved.',
  waitingForSubmission: 'Waiting for submission: there is nothing to review yet.',
};

export async function superListPrograms(
  db: Db,
  actor: Actor | null,
  status: string | undefined,
  deleted: boolean,
) {
  assertCan(actor, { kind: 'super:manage' });
  const statuses = status
    ? status
        .split(',')
        .map((s) => s.trim())
        .filter((s): s is (typeof reviewStatuses)[number] =>
          (reviewStatuses as readonly string[]).includes(s),
        )
    : null;
  const items = await allPrograms(db, statuses, deleted);
  return { items, total: items.length };
}

/**
 * Approve: publishes with the coalition scope when the program was published (or submitted) for a
 * coalition before, else the org scope; the pending form goes live; approval no longer required.
 */
export async function approveProgram(db: Db, clock: Clock, actor: Actor | null, id: string) {
  const me = assertCan(actor, { kind: 'super:manage' });
  const now = clock.now();
  const name = await db.transaction(async (tx) => {
    const current = await programForUpdate(tx, id);
    if (!current) throw new NotFound('Program not found.');
    const p = current.program;
    if (p.deletedAt) throw new Conflict('This program is deleted. Restore it first.');
    if (p.reviewStatus !== 'submitted' && p.reviewStatus !== 'pending_changes') {
      throw new Conflict(approvalMessages.notApprovable);
    }
    await goLive(tx, p, {
      kind: 'approved',
      by: me.userId,
      at: now,
      scope: p.publishedCoalitionId ? 'coalition' : 'org',
      coalitionId: p.publishedCoalitionId,
      clearApproval: true,
    });
    await queueProgramReviewed(tx, p, 'approved', null, p.version + 1);
    return p.name;
  });
  return { message: approvalMessages.approved(name), program: (await adminProgram(db, id))! };
}

/**
 * Request changes: the program is unpublished (publish fields cleared), the note stored, approval
 * required again. Pending edits are kept as the working form rather than thrown away.
 */
export async function requestChanges(db: Db, clock: Clock, actor: Actor | null, id: string, note: string) {
  const me = assertCan(actor, { kind: 'super:manage' });
  const now = clock.now();
  await db.transaction(async (tx) => {
    const current = await programForUpdate(tx, id);
    if (!current) throw new NotFound('Program not found.');
    const p = current.program;
    if (p.deletedAt) throw new Conflict('This program is deleted. Restore it first.');
    if (p.reviewStatus === 'draft' || p.reviewStatus === 'changes_requested') {
      throw new Conflict(approvalMessages.waitingForSubmission);
    }
    await tx
      .update(programs)
      .set({
        form: p.pendingForm ?? p.form,
        pendingForm: null,
        requiresSuperApproval: true,
        reviewStatus: 'changes_requested',
        reviewNote: note,
        published: false,
        publishedAt: null,
        publishedBy: null,
        publishedScope: null,
        updatedAt: now,
        version: p.version + 1,
      })
      .where(eq(programs.id, id));
    await transitioned(tx, {
      programId: id,
      kind: 'changes_requested',
      from: p.reviewStatus,
      to: 'changes_requested',
      note,
      actorId: me.userId,
      at: now,
    });
    await queueProgramReviewed(tx, p, 'changes_requested', note, p.version + 1);
  });
  return { message: approvalMessages.changesRequested, program: (await adminProgram(db, id))! };
}

/** The preview's form, chosen by status: the pending form while one awaits approval, else the working form. */
export async function previewProgram(db: Db, actor: Actor | null, id: string) {
  await programAccess(db, actor, id);
  const program = await adminProgram(db, id);
  if (!program) throw new NotFound('Program not found.');
  const [row] = await db
    .select({ form: programs.form, pendingForm: programs.pendingForm })
    .from(programs)
    .where(eq(programs.id, id));
  const source = previewSource(program.review_status);
  return { program, form: source === 'pending' ? (row.pendingForm ?? row.form) : row.form, source };
}

export async function programHistory(db: Db, actor: Actor | null, id: string) {
  await programAccess(db, actor, id);
  const rows = await db
    .select({
      id: programEvents.id,
      kind: programEvents.kind,
      from_status: programEvents.fromStatus,
      to_status: programEvents.toStatus,
      note: programEvents.note,
      actor_id: programEvents.actorId,
      actor_name: profiles.fullName,
      at: programEvents.at,
    })
    .from(programEvents)
    .leftJoin(profiles, eq(profiles.id, programEvents.actorId))
    .where(eq(programEvents.programId, id))
    .orderBy(desc(programEvents.at));
  return { items: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
}
