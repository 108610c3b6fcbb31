import { upsertAssignment } from '../../users/assignments';
import type { SeedContext } from './context';
import type { DemoOrgs } from './demo-orgs';
import type { DemoUsers } from './demo-users';

/**
 * The demo roles, granted by the super admin through upsertAssignment (which applies the role bump).
 * Org admins are also reviewers of their organization.
 */
export async function seedDemoAssignments(
  { tx }: SeedContext,
  users: DemoUsers,
  orgs: DemoOrgs,
  applyhubOrgId: string,
) {
  // The super admin manages ApplyHub's own application forms as an admin of ApplyHub's organization.
  await upsertAssignment(tx, {
    userId: users.super,
    kind: 'org_admin',
    scopeType: 'org',
    scopeId: applyhubOrgId,
    by: users.super,
  });
  const riverside = orgs.orgs['riverside-arts'];
  const by = users.super;
  await upsertAssignment(tx, {
    userId: users.admin,
    kind: 'org_admin',
    scopeType: 'org',
    scopeId: riverside,
    by,
  });
  await upsertAssignment(tx, {
    userId: users.admin,
    kind: 'reviewer',
    scopeType: 'org',
    scopeId: riverside,
    by,
  });
  await upsertAssignment(tx, {
    userId: users.reviewer,
    kind: 'reviewer',
    scopeType: 'org',
    scopeId: riverside,
    by,
  });
  await upsertAssignment(tx, {
    userId: users.coalition,
    kind: 'coalition_manager',
    scopeType: 'coalition',
    scopeId: orgs.coalitions['metro-arts-coalition'],
    by,
  });
}
