import { eq } from 'drizzle-orm';
import type { AuditAction } from '../../shared/domain/audit';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { notifyTopic } from '../realtime/notify';
import { emitWebhookEvent } from '../webhooks';
import { type programForUpdate, recordEvent } from './queries';

type LockedProgram = NonNullable<Awaited<ReturnType<typeof programForUpdate>>>['program'];

/** The transitions of consequence, as the audit log names them (saves of a working form are not). */
function auditActionOf(kind: string, from: string | null | undefined): AuditAction | null {
  switch (kind) {
    case 'submitted':
      return 'program.submitted';
    case 'approved':
      return 'program.approved';
    case 'changes_requested':
      return 'program.changes_requested';
    case 'published':
      return from === 'pending_changes' ? 'program.form_published' : 'program.published';
    case 'deleted':
      return 'program.deleted';
    case 'restored':
      return 'program.restored';
    default:
      return null;
  }
}

async function auditTransition(tx: Db, event: Parameters<typeof transitioned>[1]) {
  const action = auditActionOf(event.kind, event.from);
  if (!action) return;
  const [program] = await tx
    .select({ name: programs.name, orgId: programs.organizationId })
    .from(programs)
    .where(eq(programs.id, event.programId));
  const parts = [];
  if (event.from !== undefined || event.to !== undefined)
    parts.push(`status: ${event.from ?? '(none)'} → ${event.to ?? '(none)'}`);
  if (event.from === 'pending_changes') parts.push('pending form changes went live');
  if (event.note && event.kind === 'changes_requested') parts.push(`note: ${event.note}`);
  await recordAudit(tx, {
    actor: { userId: event.actorId },
    action,
    target: { type: 'program', id: event.programId, label: program?.name ?? null },
    orgId: program?.orgId ?? null,
    summary: parts.join('; ') || (event.kind === 'deleted' ? 'deleted: no → yes' : 'deleted: yes → no'),
    at: event.at,
  });
}

/**
 * Records a transition in the program's history (and, when of consequence, in the audit log) and
 * announces it to open editors (on commit).
 */
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
  await auditTransition(tx, event);
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
  await emitWebhookEvent(tx, {
    type: 'program.published',
    scope: { organizationId: program.organizationId },
    key: `program.published:${program.id}:v${program.version + 1}`,
    data: {
      program_id: program.id,
      name: program.name,
      scope: opts.scope,
      form_update: program.reviewStatus === 'pending_changes',
      published_at: opts.at.toISOString(),
    },
    at: opts.at,
  });
}
