import { and, eq } from 'drizzle-orm';
import { coalitions, organizations, programs, user } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { upsertAssignment } from '../../src/server/users/assignments';
import { softDeleteUser } from '../../src/server/users/lifecycle';
import type { TestApp } from './test-app';

/** Every kind of caller the authorization matrix checks each route with. */
export const roles = [
  'visitor',
  'notOnboarded',
  'deleted',
  'applicant',
  'otherOrgAdmin',
  'orgAdmin',
  'otherReviewer',
  'reviewer',
  'coalitionManager',
  /** Manages the Youth Scholarship Alliance, which Riverside Arts Center (the matrix's programs) is not in. */
  'otherCoalitionManager',
  'superAdmin',
] as const;
export type Role = (typeof roles)[number];

export interface World {
  cookies: Record<Role, string | null>;
  ids: {
    riversideOrg: string;
    otherOrg: string;
    publishedProgram: string;
    draftProgram: string;
    otherOrgProgram: string;
  };
  slugs: { org: string; coalition: string };
}

async function idOf(t: TestApp, email: string) {
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

async function onboarded(t: TestApp, email: string) {
  const cookie = await t.signIn(email);
  const res = await t.request('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
  if (res.status !== 200) throw new Error(`onboarding ${email} failed: ${res.status}`);
  return cookie;
}

/** The demo data set plus the extra callers the matrix needs, built through the seed and services. */
export async function buildWorld(t: TestApp): Promise<World> {
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  const db = t.deps.db;
  const org = async (slug: string) =>
    (await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug)))[0].id;
  const riversideOrg = await org('riverside-arts');
  const otherOrg = await org('northgate-dance-academy');
  const program = async (orgId: string, published: boolean) =>
    (
      await db
        .select({ id: programs.id })
        .from(programs)
        .where(and(eq(programs.organizationId, orgId), eq(programs.published, published)))
        .limit(1)
    )[0].id;

  const ids = {
    riversideOrg,
    otherOrg,
    /** Youth Orchestra Auditions: published, open, no approval required. */
    publishedProgram: demoProgramId(1),
    /** Fall Dance Showcase: a draft. */
    draftProgram: demoProgramId(6),
    otherOrgProgram: await program(otherOrg, true),
  };

  const otherOrgAdmin = await onboarded(t, 'other.admin@example.test');
  const otherReviewer = await onboarded(t, 'other.reviewer@example.test');
  const otherCoalitionManager = await onboarded(t, 'other.coalition@example.test');
  const deleted = await onboarded(t, 'deleted.user@example.test');
  const [otherAdminId, otherReviewerId, otherCoalitionManagerId, deletedId] = [
    await idOf(t, 'other.admin@example.test'),
    await idOf(t, 'other.reviewer@example.test'),
    await idOf(t, 'other.coalition@example.test'),
    await idOf(t, 'deleted.user@example.test'),
  ];
  const [otherCoalition] = await db
    .select({ id: coalitions.id })
    .from(coalitions)
    .where(eq(coalitions.slug, 'youth-scholarship-alliance'));
  // Inside the transaction only `tx` may be used (PGlite has one connection).
  await db.transaction(async (tx) => {
    await upsertAssignment(tx, {
      userId: otherAdminId,
      kind: 'org_admin',
      scopeType: 'org',
      scopeId: otherOrg,
    });
    await upsertAssignment(tx, {
      userId: otherReviewerId,
      kind: 'reviewer',
      scopeType: 'program',
      scopeId: ids.otherOrgProgram,
    });
    await upsertAssignment(tx, {
      userId: otherCoalitionManagerId,
      kind: 'coalition_manager',
      scopeType: 'coalition',
      scopeId: otherCoalition.id,
    });
    await softDeleteUser(tx, deletedId, t.clock.now());
  });

  const cookies: Record<Role, string | null> = {
    visitor: null,
    notOnboarded: await t.signIn('not.onboarded@example.test'),
    deleted,
    applicant: await t.signIn('applicant@demo.test'),
    otherOrgAdmin,
    orgAdmin: await t.signIn('admin@demo.test'),
    otherReviewer,
    reviewer: await t.signIn('reviewer@demo.test'),
    coalitionManager: await t.signIn('coalition@demo.test'),
    otherCoalitionManager,
    superAdmin: await t.signIn('super@demo.test'),
  };
  return { cookies, ids, slugs: { org: 'riverside-arts', coalition: 'metro-arts-coalition' } };
}
