import { and, eq, isNull } from 'drizzle-orm';
import { assignmentAddedMessage, governanceMessages as m } from '../../shared/domain/governance';
import { isErasedAddress, privacyMessages } from '../../shared/domain/privacy';
import type { Actor } from '../../shared/policy';
import type {
  AssignableRole,
  AssignmentRow,
  SuperUser,
  UpsertAssignmentInput,
  UserRoleFilter,
} from '../../shared/schemas/governance';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { coalitions, organizations, profiles, programs, user } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { removeAssignment, revokeAssignment, upsertAssignment } from './assignments';
import { restoreUser, setProfileRole, softDeleteUser } from './lifecycle';
import {
  assignmentById,
  assignmentByKey,
  assignmentsOfKind,
  assignmentsOfUser,
  listUsers,
  scopeOptions,
  superUserById,
} from './super-queries';

const superOnly = (actor: Actor | null) => assertCan(actor, { kind: 'super:manage' });

export async function superListUsers(
  db: Db,
  actor: Actor | null,
  q: { search?: string; role?: UserRoleFilter; deleted?: 'true' | 'false'; limit: number; offset: number },
) {
  superOnly(actor);
  return listUsers(db, {
    search: q.search,
    role: q.role,
    includeDeleted: q.deleted === 'true',
    limit: q.limit,
    offset: q.offset,
  });
}

/**
 * Locks the live super admins' profile rows and the target's, so two concurrent changes cannot both
 * conclude that someone else is still a super admin. Returns the target and the live super admin ids.
 */
async function lockForRoleChange(tx: Db, userId: string) {
  const supers = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.role, 'superadmin'), isNull(profiles.deletedAt)))
    .for('update');
  const [target] = await tx
    .select({ id: profiles.id, role: profiles.role, deletedAt: profiles.deletedAt, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .for('update', { of: profiles });
  if (!target) throw new NotFound(m.userNotFound);
  return { target, supers: supers.map((s) => s.id) };
}

/** Refuses a change that would leave no live super admin. */
function assertSuperAdminRemains(supers: string[], userId: string) {
  if (supers.includes(userId) && supers.length <= 1) throw new Conflict(m.lastSuperAdmin);
}

/**
 * Sets a user's profile role to Superadmin or User (applicant). Each call is one transaction: it
 * either changes the row or fails and leaves it as it was (the bulk change reports those rows).
 * Deleted users are skipped (409); the last super admin cannot be demoted; a promotion to Superadmin
 * must be confirmed (`confirm: true`, 422 without).
 */
export async function superSetUserRole(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  userId: string,
  role: AssignableRole,
  confirm = false,
): Promise<SuperUser> {
  const me = superOnly(actor);
  // Super admin rights are granted only on purpose: the request says so (the client asks first).
  if (role === 'superadmin' && !confirm) throw new Invalid(m.confirmSuperAdmin);
  await db.transaction(async (tx) => {
    const { target, supers } = await lockForRoleChange(tx, userId);
    if (target.deletedAt) throw new Conflict(m.userDeleted);
    if (target.role === role) return;
    if (role !== 'superadmin') assertSuperAdminRemains(supers, userId);
    const at = clock.now();
    await setProfileRole(tx, userId, role, at);
    await recordAudit(tx, {
      actor: me,
      action: 'user.role_changed',
      target: { type: 'user', id: userId, label: target.email },
      summary: `role: ${target.role} → ${role}`,
      at,
    });
  });
  return (await superUserById(db, userId))!;
}

/**
 * Soft delete: all data is kept; the user's sessions are ended at once (and any cookie left over is
 * refused because every request checks deleted_at). The last super admin cannot be deleted.
 */
export async function superDeleteUser(db: Db, clock: Clock, actor: Actor | null, userId: string) {
  const me = superOnly(actor);
  await db.transaction(async (tx) => {
    const { target, supers } = await lockForRoleChange(tx, userId);
    if (target.deletedAt) throw new Conflict('This user is already deleted.');
    assertSuperAdminRemains(supers, userId);
    const at = clock.now();
    await softDeleteUser(tx, userId, at);
    await recordAudit(tx, {
      actor: me,
      action: 'user.deleted',
      target: { type: 'user', id: userId, label: target.email },
      summary: 'deleted: no → yes (sessions ended)',
      at,
    });
  });
  return { message: 'User deleted.', item: (await superUserById(db, userId))! };
}

export async function superRestoreUser(db: Db, clock: Clock, actor: Actor | null, userId: string) {
  const me = superOnly(actor);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ deletedAt: profiles.deletedAt, email: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId))
      .for('update', { of: profiles });
    if (!target) throw new NotFound(m.userNotFound);
    if (!target.deletedAt) throw new Conflict('This user is not deleted.');
    // An account its owner deleted holds no personal data any more: there is nothing to restore.
    if (isErasedAddress(target.email)) throw new Conflict(privacyMessages.notRestorable);
    const at = clock.now();
    await restoreUser(tx, userId, at);
    await recordAudit(tx, {
      actor: me,
      action: 'user.restored',
      target: { type: 'user', id: userId, label: target.email },
      summary: 'deleted: yes → no',
      at,
    });
  });
  return { message: 'User restored.', item: (await superUserById(db, userId))! };
}

async function existingUser(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, deletedAt: profiles.deletedAt })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) throw new NotFound(m.userNotFound);
  return row;
}

export async function superUserAssignments(db: Db, actor: Actor | null, userId: string) {
  superOnly(actor);
  await existingUser(db, userId);
  const items = await assignmentsOfUser(db, userId);
  return { items, total: items.length };
}

export async function superListAssignments(
  db: Db,
  actor: Actor | null,
  q: { kind: AssignmentRow['kind']; limit: number; offset: number },
) {
  superOnly(actor);
  return assignmentsOfKind(db, q.kind, q.limit, q.offset);
}

/** The scope must exist and be live: an organization, a coalition or a (not deleted) program. */
async function assertLiveScope(db: Db, scopeType: 'org' | 'program' | 'coalition', id: string) {
  const found =
    scopeType === 'org'
      ? await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
      : scopeType === 'coalition'
        ? await db
            .select({ id: coalitions.id })
            .from(coalitions)
            .where(and(eq(coalitions.id, id), isNull(coalitions.deletedAt)))
        : await db
            .select({ id: programs.id })
            .from(programs)
            .where(and(eq(programs.id, id), isNull(programs.deletedAt)));
  if (found.length === 0) {
    throw new NotFound(
      scopeType === 'org'
        ? 'Organization not found.'
        : scopeType === 'coalition'
          ? 'Coalition not found.'
          : 'Program not found.',
    );
  }
}

/**
 * Adds or updates an assignment (org admin, coalition manager, reviewer by organization or program)
 * with status active or revoked. An applicant given an active one has the role bumped.
 */
export async function superUpsertAssignment(
  db: Db,
  actor: Actor | null,
  input: Required<Pick<UpsertAssignmentInput, 'status'>> & Omit<UpsertAssignmentInput, 'status'>,
) {
  const me = superOnly(actor);
  const target = await existingUser(db, input.user_id);
  if (target.deletedAt) throw new Conflict(m.userDeleted);
  await assertLiveScope(db, input.scope_type, input.scope_id);
  await db.transaction(async (tx) => {
    await upsertAssignment(tx, {
      userId: input.user_id,
      kind: input.kind,
      scopeType: input.scope_type,
      scopeId: input.scope_id,
      status: input.status,
      by: me.userId,
    });
  });
  const assignment = await assignmentByKey(db, {
    userId: input.user_id,
    kind: input.kind,
    scopeType: input.scope_type,
    scopeId: input.scope_id,
  });
  return { message: assignmentAddedMessage(input.kind), assignment: assignment! };
}

/** Removal: an org admin or coalition manager is revoked (status revoked); a reviewer is removed. */
export async function superRemoveAssignment(db: Db, actor: Actor | null, id: string) {
  const me = superOnly(actor);
  const row = await assignmentById(db, id);
  if (!row) throw new NotFound('Assignment not found.');
  const key = {
    userId: row.user_id,
    kind: row.kind,
    scopeType: row.scope_type,
    scopeId: row.scope_id,
    by: me.userId,
  };
  if (row.kind === 'org_admin' || row.kind === 'coalition_manager') {
    await db.transaction((tx) => revokeAssignment(tx, key));
    return {
      message: row.kind === 'org_admin' ? 'Organization admin revoked.' : 'Coalition manager revoked.',
    };
  }
  await db.transaction((tx) => removeAssignment(tx, key));
  return { message: 'Reviewer removed.' };
}

export async function superScopeOptions(db: Db, actor: Actor | null) {
  superOnly(actor);
  return scopeOptions(db);
}
