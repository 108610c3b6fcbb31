import type { Actor } from '../../shared/policy';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { liveOrgBySlug } from '../discovery/queries';
import { NotFound } from '../errors';
import { upsertAssignment } from '../users/assignments';
import { recordHomeVisit } from './admin-home';

/**
 * Visiting the org admin hub makes the org admin a reviewer of the organization (idempotent), and
 * records the visit for the home's "since your last visit" counts.
 * Super admins are let in without being assigned anything.
 */
export async function recordAdminVisit(db: Db, clock: Clock, actor: Actor | null, slug: string) {
  const org = await liveOrgBySlug(db, slug);
  if (!org) throw new NotFound('Organization not found.');
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  // The admin home's "since your last visit" (issue 33 item 20).
  await recordHomeVisit(db, me.userId, org.id, clock.now());
  if (!me.orgAdmin.includes(org.id)) return { org, reviewer_assigned: false };
  await db.transaction(async (tx) => {
    await upsertAssignment(tx, {
      userId: me.userId,
      kind: 'reviewer',
      scopeType: 'org',
      scopeId: org.id,
      by: me.userId,
    });
  });
  return { org, reviewer_assigned: true };
}
