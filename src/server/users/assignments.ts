import { and, eq, sql } from 'drizzle-orm';
import { type AssignmentKind, bumpedRole } from '../../shared/policy';
import type { Db } from '../db/client';
import { assignments, profiles } from '../db/schema';

export interface AssignInput {
  userId: string;
  kind: AssignmentKind;
  scopeType: 'org' | 'program' | 'coalition';
  scopeId: string;
  status?: 'active' | 'revoked';
  by?: string | null;
}

/**
 * Creates or updates an assignment (idempotent) and applies the role bump: an applicant given an
 * active admin, reviewer or coalition-manager assignment has the profile role raised to match.
 * Run it inside the caller's transaction.
 */
export async function upsertAssignment(tx: Db, input: AssignInput): Promise<void> {
  const status = input.status ?? 'active';
  await tx
    .insert(assignments)
    .values({
      userId: input.userId,
      kind: input.kind,
      scopeType: input.scopeType,
      scopeId: input.scopeId,
      status,
      createdBy: input.by ?? null,
    })
    .onConflictDoUpdate({
      target: [assignments.userId, assignments.kind, assignments.scopeType, assignments.scopeId],
      set: { status, updatedAt: sql`now()` },
    });
  if (status !== 'active') return;
  const [profile] = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!profile) return;
  const role = bumpedRole(profile.role, input.kind);
  if (role !== profile.role) {
    await tx.update(profiles).set({ role, updatedAt: sql`now()` }).where(eq(profiles.id, input.userId));
  }
}

export async function removeAssignment(
  tx: Db,
  input: Pick<AssignInput, 'userId' | 'kind' | 'scopeType' | 'scopeId'>,
): Promise<void> {
  await tx
    .delete(assignments)
    .where(
      and(
        eq(assignments.userId, input.userId),
        eq(assignments.kind, input.kind),
        eq(assignments.scopeType, input.scopeType),
        eq(assignments.scopeId, input.scopeId),
      ),
    );
}
