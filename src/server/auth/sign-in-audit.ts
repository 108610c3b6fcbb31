import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { profiles, user } from '../db/schema';

/** A new session of a (live) super admin is recorded in the audit log; anyone else's is not. */
export async function recordSuperAdminSignIn(db: Db, userId: string, ip: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [who] = await tx
      .select({ email: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(eq(profiles.id, userId), eq(profiles.role, 'superadmin'), isNull(profiles.deletedAt)));
    if (!who) return;
    await recordAudit(tx, {
      actor: { userId, email: who.email },
      action: 'session.super_admin_sign_in',
      target: { type: 'session', id: userId, label: who.email },
      summary: ip ? `signed in from ${ip}` : 'signed in',
    });
  });
}
