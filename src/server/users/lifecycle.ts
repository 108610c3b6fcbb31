import { eq } from 'drizzle-orm';
import type { ProfileRole } from '../../shared/policy';
import type { Db } from '../db/client';
import { profiles, session } from '../db/schema';

/**
 * Profile role and soft delete. A soft-deleted user keeps all data; every request treats them as
 * signed out until restored. (Super-admin endpoints wrap these with their authorization.)
 */
export async function setProfileRole(tx: Db, userId: string, role: ProfileRole, at: Date): Promise<void> {
  await tx.update(profiles).set({ role, updatedAt: at }).where(eq(profiles.id, userId));
}

/** Soft delete ends every session of the user at once (better-auth's own endpoints included). */
export async function softDeleteUser(tx: Db, userId: string, at: Date): Promise<void> {
  await tx.update(profiles).set({ deletedAt: at, updatedAt: at }).where(eq(profiles.id, userId));
  await tx.delete(session).where(eq(session.userId, userId));
}

/** Sign-out: the session ends in the database (a failure throws, so nobody is told it ended). */
export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}

export async function isSoftDeleted(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ deletedAt: profiles.deletedAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return !!row?.deletedAt;
}

export async function restoreUser(tx: Db, userId: string, at: Date): Promise<void> {
  await tx.update(profiles).set({ deletedAt: null, updatedAt: at }).where(eq(profiles.id, userId));
}
