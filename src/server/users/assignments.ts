import { and, eq, sql } from 'drizzle-orm';
import { type AssignmentKind, bumpedRole } from '../../shared/policy';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { assignments, coalitions, organizations, profiles, programs, user } from '../db/schema';

export interface AssignInput {
  userId: string;
  kind: AssignmentKind;
  scopeType: 'org' | 'program' | 'coalition';
  scopeId: string;
  status?: 'active' | 'revoked';
  by?: string | null;
  /**
   * The assignment that grants this one (the org admin role behind the hub visit's reviewer grant).
   * A derived grant goes when that assignment is revoked or removed; a grant without it is someone's
   * own decision and stays. Granting an active assignment again without it makes it a grant of its own.
   */
  derivedFrom?: string;
}

type AssignmentKey = Pick<AssignInput, 'userId' | 'kind' | 'scopeType' | 'scopeId'>;

const keyOf = (input: AssignmentKey) =>
  and(
    eq(assignments.userId, input.userId),
    eq(assignments.kind, input.kind),
    eq(assignments.scopeType, input.scopeType),
    eq(assignments.scopeId, input.scopeId),
  );

const kindWords: Record<AssignmentKind, string> = {
  org_admin: 'Organization admin',
  coalition_manager: 'Coalition manager',
  reviewer: 'Reviewer',
  program_admin: 'Program admin',
};

/** The names the audit entry shows (the user's email, the scope's name) and the organization whose log it is in. */
async function assignmentFacts(tx: Db, input: AssignmentKey) {
  const [who] = await tx.select({ email: user.email }).from(user).where(eq(user.id, input.userId));
  let scopeName: string | null = null;
  let orgId: string | null = null;
  if (input.scopeType === 'org') {
    const [o] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, input.scopeId));
    scopeName = o?.name ?? null;
    orgId = input.scopeId;
  } else if (input.scopeType === 'program') {
    const [p] = await tx
      .select({ name: programs.name, orgId: programs.organizationId })
      .from(programs)
      .where(eq(programs.id, input.scopeId));
    scopeName = p?.name ?? null;
    orgId = p?.orgId ?? null;
  } else {
    const [c] = await tx
      .select({ name: coalitions.name })
      .from(coalitions)
      .where(eq(coalitions.id, input.scopeId));
    scopeName = c?.name ?? null;
  }
  return { email: who?.email ?? input.userId, scopeName: scopeName ?? input.scopeId, orgId };
}

async function auditAssignment(
  tx: Db,
  input: AssignmentKey & { by?: string | null },
  change: { added: boolean; summary: string },
): Promise<void> {
  const facts = await assignmentFacts(tx, input);
  await recordAudit(tx, {
    actor: input.by ? { userId: input.by } : null,
    action: change.added ? 'assignment.added' : 'assignment.removed',
    target: { type: 'assignment', id: input.userId, label: facts.email },
    orgId: facts.orgId,
    summary: `${kindWords[input.kind]} of ${input.scopeType === 'org' ? 'organization' : input.scopeType} ${facts.scopeName}${change.summary ? `; ${change.summary}` : ''}`,
  });
}

/**
 * Creates or updates an assignment (idempotent) and applies the role bump: an applicant given an
 * active admin, reviewer or coalition-manager assignment has the profile role raised to match.
 * A change (a new assignment, or its status changed) is recorded in the audit log; a repeat is not.
 * Revoking removes the assignments it granted. Run it inside the caller's transaction.
 */
export async function upsertAssignment(tx: Db, input: AssignInput): Promise<void> {
  const status = input.status ?? 'active';
  const [before] = await tx.select({ status: assignments.status }).from(assignments).where(keyOf(input));
  const derivedFrom = input.derivedFrom ?? null;
  const [row] = await tx
    .insert(assignments)
    .values({
      userId: input.userId,
      kind: input.kind,
      scopeType: input.scopeType,
      scopeId: input.scopeId,
      status,
      createdBy: input.by ?? null,
      derivedFromAssignmentId: derivedFrom,
    })
    .onConflictDoUpdate({
      target: [assignments.userId, assignments.kind, assignments.scopeType, assignments.scopeId],
      set: {
        status,
        updatedAt: sql`now()`,
        // A derived grant never takes over an active grant of someone's own; any other grant is its own.
        derivedFromAssignmentId: derivedFrom
          ? sql`case when ${assignments.status} = 'active' then ${assignments.derivedFromAssignmentId} else ${derivedFrom}::uuid end`
          : null,
      },
    })
    .returning({ id: assignments.id });
  let bump = '';
  if (status === 'active') {
    const [profile] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    const role = profile ? bumpedRole(profile.role, input.kind) : null;
    if (profile && role && role !== profile.role) {
      await tx.update(profiles).set({ role, updatedAt: sql`now()` }).where(eq(profiles.id, input.userId));
      bump = `role: ${profile.role} → ${role}`;
    }
  }
  if (before?.status !== status) {
    const statusChange = before ? `status: ${before.status} → ${status}` : `status: ${status}`;
    const why = derivedFrom && 'with the Organization admin role';
    await auditAssignment(tx, input, {
      added: status === 'active',
      summary: [statusChange, bump, why].filter(Boolean).join('; '),
    });
  }
  if (status === 'revoked') await removeDerived(tx, row.id, input);
}

/**
 * Taking a right away takes away what it granted (DESIGN §5 rule 14): the assignments derived from
 * `assignmentId` are removed in the caller's transaction, each recorded in the audit log.
 */
async function removeDerived(tx: Db, assignmentId: string, source: AssignmentKey & { by?: string | null }) {
  const removed = await tx
    .delete(assignments)
    .where(and(eq(assignments.userId, source.userId), eq(assignments.derivedFromAssignmentId, assignmentId)))
    .returning({
      userId: assignments.userId,
      kind: assignments.kind,
      scopeType: assignments.scopeType,
      scopeId: assignments.scopeId,
      status: assignments.status,
    });
  for (const r of removed) {
    await auditAssignment(
      tx,
      { ...r, by: source.by },
      {
        added: false,
        summary: `removed with the ${kindWords[source.kind]} role it came from (was ${r.status})`,
      },
    );
  }
}

/** Removes an assignment; removing one that does not exist changes (and records) nothing. */
export async function removeAssignment(tx: Db, input: AssignmentKey & { by?: string | null }): Promise<void> {
  // What it granted goes first (and recorded), before the row's own delete would cascade to it.
  const [row] = await tx.select({ id: assignments.id }).from(assignments).where(keyOf(input));
  if (!row) return;
  await removeDerived(tx, row.id, input);
  const removed = await tx.delete(assignments).where(keyOf(input)).returning({ status: assignments.status });
  if (removed.length === 0) return;
  await auditAssignment(tx, input, { added: false, summary: `removed (was ${removed[0].status})` });
}

/** Revokes an assignment (org admins and coalition managers are revoked rather than removed). */
export async function revokeAssignment(tx: Db, input: AssignmentKey & { by?: string | null }): Promise<void> {
  await upsertAssignment(tx, { ...input, status: 'revoked' });
}
