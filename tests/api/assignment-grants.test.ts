import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { demoCoalitionId, demoOrgId, demoProgramId } from '../../src/server/db/seed/ids';
import { upsertAssignment } from '../../src/server/users/assignments';
import { capabilityRows, loadActor } from '../../src/server/users/queries';
import { type ActorScope, assignmentGrants } from '../../src/shared/policy';
import { onboardedUser } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * One assignment of each pair in policy.assignmentGrants, each held by a user of its own: the Actor
 * (TypeScript) and what the user may open (SQL) must both show it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
}, 120_000);
afterAll(() => t.close());

/** A live scope of each type, and where capabilities list it (programs: Riverside's first program). */
const scopeOf = { org: demoOrgId(1), coalition: demoCoalitionId(1), program: demoProgramId(1) };
const listedIn: Record<
  ActorScope,
  (rows: NonNullable<Awaited<ReturnType<typeof capabilityRows>>>) => string[]
> = {
  orgAdmin: (r) => r.admin_orgs.map((o) => o.id),
  coalitionManager: (r) => r.coalitions.map((c) => c.id),
  reviewerOrgs: (r) => r.reviewer_orgs.map((o) => o.id),
  reviewerPrograms: (r) => r.reviewer_programs.filter((p) => p.assigned_directly).map((p) => p.id),
  programAdmin: (r) => r.reviewer_programs.filter((p) => p.assigned_directly).map((p) => p.id),
};

describe('every assignment grant, in the Actor and in the capability lists', () => {
  for (const grant of assignmentGrants) {
    it(`${grant.kind} over a ${grant.scopeType} → ${grant.grants}`, async () => {
      const { id } = await onboardedUser(t, `grant.${grant.grants.toLowerCase()}@example.test`);
      const scopeId = scopeOf[grant.scopeType];
      await t.deps.db.transaction((tx) =>
        upsertAssignment(tx, { userId: id, kind: grant.kind, scopeType: grant.scopeType, scopeId }),
      );

      const actor = await loadActor(t.deps.db, id);
      for (const list of Object.keys(listedIn) as ActorScope[])
        expect(actor![list], list).toEqual(list === grant.grants ? [scopeId] : []);

      const rows = await capabilityRows(t.deps.db, { userId: id });
      expect(listedIn[grant.grants](rows!)).toEqual([scopeId]);
    });
  }
});
