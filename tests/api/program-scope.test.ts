import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoCoalitionId, demoOrgId, demoProgramId } from '../../src/server/db/seed/ids';
import { programScope } from '../../src/server/programs/queries';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld } from '../support/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildWorld(t);
}, 180_000);
afterAll(() => t.close());

/**
 * Regression: the coalitions of a program are those of its own organization. (The subquery once
 * compared an unqualified organization_id, which bound to the membership row itself and returned
 * every membership of every organization, so a coalition manager reached other coalitions' programs.)
 */
it("a program's scope lists only its own organization's coalitions", async () => {
  const scope = await programScope(t.deps.db, demoProgramId(1));
  expect(scope).toEqual({
    programId: demoProgramId(1),
    orgId: demoOrgId(1),
    coalitionIds: [demoCoalitionId(1)],
  });
});
