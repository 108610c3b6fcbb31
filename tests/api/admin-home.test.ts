import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../../src/server/db/schema';
import type { AdminHome } from '../../src/shared/schemas/orgs';
import { reviewApplication, submittedApplication, userIdOf } from '../support/factory';
import { assign, setScoring } from '../support/scoring';
import { createTestApp, statementsDuring, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** The org admin's home (issue 33 item 20): what needs them, in a constant number of statements. */
let t: TestApp;
let world: World;
let admin: string;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin ?? '';
});
afterAll(() => t?.close());

const home = async (as = admin) => {
  const res = await t.json<AdminHome>('GET', `/api/orgs/${world.slugs.org}/admin/home`, { as });
  expect(res.status).toBe(200);
  return res.body;
};
const visit = async () =>
  expect((await t.request('POST', `/api/orgs/${world.slugs.org}/admin/visit`, { as: admin })).status).toBe(
    200,
  );
const setCloseAt = (closeAt: Date) =>
  t.deps.db.update(programs).set({ closeAt }).where(eq(programs.id, world.ids.publishedProgram));

describe('the org admin home', () => {
  it('counts new submissions since the last visit (a reload within 30 minutes keeps the number)', async () => {
    await visit();
    const first = await home();
    expect(first.since_last_visit).toBe(false);

    t.clock.advance(2 * HOUR);
    const lastVisit = new Date(t.clock.now().getTime() - 2 * HOUR).toISOString();
    const app = await submittedApplication(t, 'home.one@example.test', world.ids.publishedProgram);
    // Before the hub records this visit, and after it: both count from the last visit.
    const before = await home();
    expect(before.since_last_visit).toBe(true);
    expect(before.since).toBe(lastVisit);
    expect(before.new_submissions.count).toBe(1);
    expect(before.new_submissions.programs).toEqual([
      { id: world.ids.publishedProgram, name: expect.any(String), count: 1 },
    ]);
    // The number opens the inbox filtered to the same applications.
    const inbox = await t.json(
      'GET',
      `/api/orgs/${world.slugs.org}/reviews?submitted_since=${encodeURIComponent(before.since)}`,
      {
        as: admin,
      },
    );
    expect(inbox.status).toBe(200);
    expect(inbox.body.items.map((r: { application_id: string }) => r.application_id)).toEqual([app.id]);
    expect(inbox.body.counts.all).toBe(1);
    expect(
      (await t.json('GET', `/api/orgs/${world.slugs.org}/reviews?submitted_since=yesterday`, { as: admin }))
        .status,
    ).toBe(400);
    await visit();
    t.clock.advance(10 * 60 * 1000);
    await visit(); // a reload
    expect((await home()).new_submissions.count).toBe(1);

    // The next visit, an hour later, starts from the one before: nothing new since.
    t.clock.advance(HOUR);
    await visit();
    expect((await home()).new_submissions.count).toBe(0);
  });

  it('answers every number in three statements, however many programs', async () => {
    const statements = await statementsDuring(t.database, () => home());
    // The session's own statement, then the organization, the visit and the counts.
    expect(statements).toBe(4);
  });

  it('counts programs closing this week and programs with changes requested', async () => {
    const base = await home();
    await setCloseAt(new Date(t.clock.now().getTime() + 3 * 24 * HOUR));
    const closing = await home();
    expect(closing.closing_this_week.count).toBe(base.closing_this_week.count + 1);
    await setCloseAt(new Date(t.clock.now().getTime() + 9 * 24 * HOUR));
    expect((await home()).closing_this_week.count).toBe(base.closing_this_week.count);

    await t.deps.db
      .update(programs)
      .set({ reviewStatus: 'changes_requested' })
      .where(eq(programs.id, world.ids.draftProgram));
    const changes = await home();
    expect(changes.changes_requested.count).toBe(base.changes_requested.count + 1);
    expect(changes.changes_requested.programs.map((p) => p.id)).toContain(world.ids.draftProgram);
  });

  it('counts finalized results not yet published', async () => {
    const base = await home();
    const app = await submittedApplication(t, 'home.two@example.test', world.ids.publishedProgram);
    await reviewApplication(t, admin, app.id, { decision: 'accept' });
    const after = await home();
    expect(after.results_ready.count).toBe(base.results_ready.count + 1);
    const ready = after.results_ready.programs.find((p) => p.id === world.ids.publishedProgram);
    expect(ready?.count).toBe(
      (base.results_ready.programs.find((p) => p.id === world.ids.publishedProgram)?.count ?? 0) + 1,
    );
  });

  it('counts reviewers with sheets left once the application window has closed', async () => {
    const app = await submittedApplication(t, 'home.three@example.test', world.ids.publishedProgram);
    await setScoring(t, admin, world.ids.publishedProgram);
    const reviewer = await userIdOf(t, 'reviewer@demo.test');
    await assign(t, admin, world.ids.publishedProgram, [app.id], [reviewer]);
    const open = await home();
    await setCloseAt(new Date(t.clock.now().getTime() - HOUR));
    const closed = await home();
    expect(closed.reviewers_behind.count).toBeGreaterThanOrEqual(open.reviewers_behind.count + 1);
    expect(
      closed.reviewers_behind.programs.find((p) => p.id === world.ids.publishedProgram)?.count,
    ).toBeGreaterThanOrEqual(1);
  });

  it('is the org admin’s (and super admins’): another organization’s admin is refused', async () => {
    expect(
      (
        await t.request('GET', `/api/orgs/${world.slugs.org}/admin/home`, {
          as: world.cookies.otherOrgAdmin ?? '',
        })
      ).status,
    ).toBe(403);
    expect((await t.request('GET', `/api/orgs/${world.slugs.org}/admin/home`)).status).toBe(401);
    expect((await t.request('GET', '/api/orgs/no-such-org/admin/home', { as: admin })).status).toBe(404);
    await home(world.cookies.superAdmin ?? '');
  });
});
