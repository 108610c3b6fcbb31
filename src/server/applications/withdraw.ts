import { eq, sql } from 'drizzle-orm';
import { mayWithdraw, withdrawMessages } from '../../shared/domain/applications';
import type { Actor } from '../../shared/policy';
import type { WithdrawInput, WithdrawState } from '../../shared/schemas/applications';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan, requireActor } from '../context';
import type { Db } from '../db/client';
import { applications, programs, publications } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { notifyTopic } from '../realtime/notify';
import { emitWebhookEvent } from '../webhooks';
import { APPLICATION_NOT_FOUND, applicationReader, ownApplication } from './access';

/** The application row locked for a withdraw or reinstate, with whether its result is published. */
async function lockForWithdraw(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: applications.id,
      status: applications.status,
      version: applications.version,
      programId: applications.programId,
      programName: programs.name,
      published: sql<boolean>`exists (select 1 from ${publications} pub where pub.application_id = ${applications.id})`,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .where(eq(applications.id, id))
    .for('update', { of: applications });
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  return row;
}

/**
 * The applicant withdraws their submitted application (issue 31 item 5), until its result is
 * published. It stays in the database for the record, with status 'withdrawn': it leaves the review
 * queues, assignment loads and publishing, and its answers no longer change. Audit and webhook commit
 * with the change.
 */
export async function withdrawApplication(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: WithdrawInput,
): Promise<WithdrawState> {
  const me = requireActor(actor);
  const ref = await ownApplication(db, actor, id);
  return db.transaction(async (tx) => {
    const row = await lockForWithdraw(tx, id);
    if (row.published) throw new Conflict(withdrawMessages.published);
    if (!mayWithdraw(row.status, row.published)) throw new Conflict(withdrawMessages.onlySubmitted);
    const now = clock.now();
    const reason = input.reason?.trim() || null;
    await tx
      .update(applications)
      .set({
        status: 'withdrawn',
        withdrawnAt: now,
        withdrawnReason: reason,
        // An open change request ends with the withdrawal (decision 063).
        changesDueAt: null,
        changesAnswers: null,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(applications.id, id));
    await recordAudit(tx, {
      actor: { userId: me.userId },
      action: 'application.withdrawn',
      target: { type: 'application', id, label: row.programName },
      orgId: ref.scope.orgId,
      summary: `status: ${row.status} → withdrawn${reason ? '; with a reason' : ''}`,
      at: now,
    });
    await emitWebhookEvent(tx, {
      type: 'application.withdrawn',
      scope: { programId: row.programId },
      key: `application.withdrawn:${id}:v${row.version + 1}`,
      data: { application_id: id, program_id: row.programId, withdrawn_at: now.toISOString() },
      at: now,
    });
    await notifyTopic(tx, 'reviews', { program_id: row.programId });
    return { id, status: 'withdrawn' as const, withdrawn_at: now.toISOString() };
  });
}

/** An admin of the program puts a withdrawn application back as submitted (issue 31 item 5). */
export async function reinstateApplication(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
): Promise<WithdrawState> {
  const ref = await applicationReader(db, actor, id);
  if (ref.role === 'owner') throw new NotFound(APPLICATION_NOT_FOUND);
  const me = assertCan(actor, { kind: 'program:admin', program: ref.scope });
  return db.transaction(async (tx) => {
    const row = await lockForWithdraw(tx, id);
    if (row.status !== 'withdrawn') throw new Conflict(withdrawMessages.notWithdrawn);
    const now = clock.now();
    await tx
      .update(applications)
      .set({ status: 'submitted', withdrawnAt: null, version: row.version + 1, updatedAt: now })
      .where(eq(applications.id, id));
    await recordAudit(tx, {
      actor: { userId: me.userId },
      action: 'application.reinstated',
      target: { type: 'application', id, label: row.programName },
      orgId: ref.scope.orgId,
      summary: 'status: withdrawn → submitted',
      at: now,
    });
    await emitWebhookEvent(tx, {
      type: 'application.reinstated',
      scope: { programId: row.programId },
      key: `application.reinstated:${id}:v${row.version + 1}`,
      data: { application_id: id, program_id: row.programId, reinstated_at: now.toISOString() },
      at: now,
    });
    await notifyTopic(tx, 'reviews', { program_id: row.programId });
    return { id, status: 'submitted' as const, withdrawn_at: null };
  });
}
