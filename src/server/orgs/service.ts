import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../shared/policy';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { assignments } from '../db/schema';
import { liveOrgBySlug } from '../discovery/queries';
import { NotFound } from '../errors';
import { upsertAssignment } from '../users/assignments';
import { recordHomeVisit } from './admin-home';

/**
 * Visiting the org admin hub makes the org admin a reviewer of the organization (idempotent), a
 * grant derived from the admin assignment: revoking that assignment removes it (issue 33 item 7);
 * it also records the visit for the home's "since your last visit" counts.
 * Super admins are let in without being assigned anything.
 */
export async function recordAdminVisit(db: Db, clock: Clock, actor: Actor | null, slug: string) {
  const org = await liveOrgBySlug(db, slug);
  if (!org) throw new NotFound('Organization not found.');
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  // The admin home's "since your last visit" (issue 33 item 20).
  await recordHomeVisit(db, me.userId, org.id, clock.now());
  if (!me.orgAdmin.includes(org.id)) return { org, reviewer_assigned: false };
  const assigned = await db.transaction(async (tx) => {
    // The admin assignment the grant comes from, locked so that a revocation running beside this
    // visit waits for it and then removes the grant (or has already revoked it: nothing is granted).
    const [admin] = await tx
      .select({ id: assignments.id })
      .from(assignments)
      .where(
        and(
          eq(assignments.userId, me.userId),
          eq(assignments.kind, 'org_admin'),
          eq(assignments.scopeType, 'org'),
          eq(assignments.scopeId, org.id),
          eq(assignments.status, 'active'),
        ),
      )
      .for('share');
    if (!admin) return false;
    await upsertAssignment(tx, {
      userId: me.userId,
      kind: 'reviewer',
      scopeType: 'org',
      scopeId: org.id,
      by: me.userId,
      derivedFrom: admin.id,
    });
    return true;
  });
  return { org, reviewer_assigned: assigned };
}
