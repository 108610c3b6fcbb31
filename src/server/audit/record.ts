import { sql } from 'drizzle-orm';
import { type AuditAction, type AuditTargetType, clipSummary } from '../../shared/domain/audit';
import type { Db } from '../db/client';
import { auditLog, user } from '../db/schema';
import { currentRequest } from '../log/logger';

/** Who acted: a user (their email is looked up when not given) and how, when not a browser session. */
export interface AuditActor {
  userId: string;
  email?: string | null;
  /** e.g. 'token:<name>' for an API token (issue 22); absent for a browser session. */
  via?: string | null;
}

export interface AuditInput {
  /** null: the system (a scheduled job). */
  actor: AuditActor | null;
  action: AuditAction;
  target: { type: AuditTargetType; id?: string | null; label?: string | null };
  /** The organization whose log shows the entry; absent: the platform's log only (super admins). */
  orgId?: string | null;
  /** A short before/after summary (see beforeAfter in shared/domain/audit). */
  summary: string;
  /** The time of the change (the caller's clock); default now. */
  at?: Date;
}

/**
 * Appends one entry to the audit log. Call it with the transaction handle of the change it records,
 * so both commit or neither does. This is the only write the audit area has: there is no update and
 * no delete (decision 038), and the database refuses both.
 */
export async function recordAudit(tx: Db, input: AuditInput): Promise<void> {
  const { actor } = input;
  // A change made through an API token says so, whichever code recorded it (decision 040).
  const request = currentRequest();
  const via =
    actor?.via ??
    (actor && request?.tokenName && request.userId === actor.userId ? `token:${request.tokenName}` : null);
  await tx.insert(auditLog).values({
    at: input.at ?? new Date(),
    actorId: actor?.userId ?? null,
    actorEmail: actor
      ? actor.email
        ? actor.email
        : sql`(select ${user.email} from ${user} where ${user.id} = ${actor.userId})`
      : null,
    via,
    action: input.action,
    targetType: input.target.type,
    targetId: input.target.id ?? null,
    targetLabel: input.target.label ?? null,
    organizationId: input.orgId ?? null,
    summary: clipSummary(input.summary),
  });
}
