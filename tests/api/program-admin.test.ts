import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { itemsOf, reviewerProgramSchema } from '../../src/shared/schemas/me';
import { reviewQueueSchema } from '../../src/shared/schemas/reviews';
import { onboardedUser } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

const onPostgres = !!process.env.DATABASE_URL;

let t: TestApp;
let world: World;
let programAdmin: string;
/** Emerging Artist Scholarship: the program the new user administers. */
const program = demoProgramId(2);
/** Youth Orchestra Auditions: another program of the same organization. */
const sibling = demoProgramId(1);

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  const user = await onboardedUser(t, 'pat.admin@example.test', 'Pat Admin');
  programAdmin = user.cookie;
  const res = await t.json('POST', `/api/programs/${program}/admins`, {
    as: world.cookies.orgAdmin as string,
    body: { email: 'pat.admin@example.test' },
  });
  expect(res.status).toBe(200);
}, 180_000);
afterAll(() => t.close());

describe(`program admins on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists the administered program, and only it, among the reviewer programs', async () => {
    const res = await t.json('GET', '/api/me/reviewer-programs', { as: programAdmin });
    expect(res.status).toBe(200);
    const list = itemsOf(reviewerProgramSchema).parse(res.body);
    expect(list.items.map((p) => [p.id, p.name, p.assigned_directly])).toEqual([
      [program, 'Emerging Artist Scholarship', true],
    ]);
    const me = await t.json('GET', '/api/me', { as: programAdmin });
    expect(me.body).toMatchObject({ effective_roles: { has_admin: true, has_reviewer: false } });
  });

  it('reads its review queue with can_admin, and gets 404 for another program of the organization', async () => {
    const res = await t.json('GET', `/api/review/programs/${program}/queue`, { as: programAdmin });
    expect(res.status).toBe(200);
    const queue = reviewQueueSchema.parse(res.body);
    expect(queue.program.name).toBe('Emerging Artist Scholarship');
    expect(queue.can_admin).toBe(true);

    const other = await t.json('GET', `/api/review/programs/${sibling}/queue`, { as: programAdmin });
    expect(other.status).toBe(404);
    const publish = await t.json('GET', `/api/programs/${sibling}/publish-queue`, { as: programAdmin });
    expect([403, 404]).toContain(publish.status);
    const assignments = await t.json('GET', `/api/programs/${sibling}/assignments`, { as: programAdmin });
    expect([403, 404]).toContain(assignments.status);
  });

  it('may manage and publish its own program', async () => {
    const assignments = await t.json('GET', `/api/programs/${program}/assignments`, { as: programAdmin });
    expect(assignments.status).toBe(200);
    expect(assignments.body).toMatchObject({ admins: [{ email: 'pat.admin@example.test' }] });
    const publish = await t.json('GET', `/api/programs/${program}/publish-queue`, { as: programAdmin });
    expect(publish.status).toBe(200);
  });

  it('marks the queue can_admin for org admins and not for plain reviewers', async () => {
    const admin = await t.json('GET', `/api/review/programs/${program}/queue`, {
      as: world.cookies.orgAdmin as string,
    });
    expect(reviewQueueSchema.parse(admin.body).can_admin).toBe(true);
    const reviewer = await t.json('GET', `/api/review/programs/${program}/queue`, {
      as: world.cookies.reviewer as string,
    });
    expect(reviewer.status).toBe(200);
    expect(reviewQueueSchema.parse(reviewer.body).can_admin).toBe(false);
  });
});
