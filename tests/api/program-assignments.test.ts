import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { demoProgramId } from '../../src/server/db/seed/ids';
import {
  assignmentChangeSchema,
  programAssignmentsSchema,
} from '../../src/shared/schemas/program-assignments';
import { onboardedUser, userIdOf } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

const onPostgres = !!process.env.DATABASE_URL;
const USER_NOT_FOUND = 'User not found. They need to sign up first.';
const NAME_MISMATCH = "Name doesn't match the user's profile. Please use the correct name or leave empty.";

let t: TestApp;
let world: World;
let admin: string;
const program = demoProgramId(1);
/** Another live program of the same organization (Emerging Artist Scholarship). */
const sibling = demoProgramId(2);

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  await onboardedUser(t, 'casey.morgan@example.test', 'Casey Morgan');
  await onboardedUser(t, 'robin.hale@example.test', 'Robin Hale');
}, 180_000);
afterAll(() => t.close());

async function assignments(id = program, as = admin) {
  const res = await t.json('GET', `/api/programs/${id}/assignments`, { as });
  expect(res.status).toBe(200);
  return programAssignmentsSchema.parse(res.body);
}

describe(`program assignments on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists no program reviewers or admins at first (organization reviewers are not program assignments)', async () => {
    expect(await assignments()).toEqual({ program_id: program, reviewers: [], admins: [] });
  });

  it('adds a reviewer by email (trimmed, any case) and raises their role', async () => {
    const res = await t.json('POST', `/api/programs/${program}/reviewers`, {
      as: admin,
      body: { email: '  Casey.Morgan@Example.test  ' },
    });
    expect(res.status).toBe(200);
    const change = assignmentChangeSchema.parse(res.body);
    expect(change.message).toBe('Reviewer added successfully!');
    const casey = await userIdOf(t, 'casey.morgan@example.test');
    expect(change.assignments.reviewers).toEqual([
      { user_id: casey, full_name: 'Casey Morgan', email: 'casey.morgan@example.test' },
    ]);
    expect(change.assignments.admins).toEqual([]);
    const [profile] = await t.deps.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, casey));
    expect(profile.role).toBe('reviewer');
    // Adding again changes nothing.
    const again = await t.json('POST', `/api/programs/${program}/reviewers`, {
      as: admin,
      body: { email: 'casey.morgan@example.test' },
    });
    expect(again.status).toBe(200);
    expect((await assignments()).reviewers).toHaveLength(1);
  });

  it("refuses an unknown email with the spec's message", async () => {
    const res = await t.json('POST', `/api/programs/${program}/reviewers`, {
      as: admin,
      body: { email: 'nobody@example.test' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(USER_NOT_FOUND);
    const admins = await t.json('POST', `/api/programs/${program}/admins`, {
      as: admin,
      body: { email: 'nobody@example.test', name: 'Nobody' },
    });
    expect(admins.body.error.message).toBe(USER_NOT_FOUND);
  });

  it('requires the email', async () => {
    for (const email of ['', '   ']) {
      const res = await t.json('POST', `/api/programs/${program}/reviewers`, { as: admin, body: { email } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Email address is required.');
    }
  });

  it('refuses a name that differs from the profile, accepts the same name in any case or spacing', async () => {
    const wrong = await t.json('POST', `/api/programs/${program}/admins`, {
      as: admin,
      body: { email: 'robin.hale@example.test', name: 'Robin Hall' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toBe(NAME_MISMATCH);
    expect((await assignments()).admins).toEqual([]);

    const right = await t.json('POST', `/api/programs/${program}/admins`, {
      as: admin,
      body: { email: 'robin.hale@example.test', name: '  robin   HALE ' },
    });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe('Admin added successfully!');
    expect(right.body.assignments.admins.map((a: { email: string }) => a.email)).toEqual([
      'robin.hale@example.test',
    ]);
  });

  it('gives a program admin admin rights on that program only', async () => {
    const robin = await t.signIn('robin.hale@example.test');
    expect((await assignments(program, robin)).admins).toHaveLength(1);
    const add = await t.json('POST', `/api/programs/${program}/reviewers`, {
      as: robin,
      body: { email: 'jordan.lee@demo.test' },
    });
    expect(add.status).toBe(200);
    // Another program of the same organization: not theirs.
    expect((await t.json('GET', `/api/programs/${sibling}/assignments`, { as: robin })).status).toBe(404);
    expect(
      (
        await t.json('POST', `/api/programs/${sibling}/reviewers`, {
          as: robin,
          body: { email: 'jordan.lee@demo.test' },
        })
      ).status,
    ).toBe(404);
  });

  it('denies a reviewer of another program of the same organization, and reviewers of the program', async () => {
    const casey = await t.signIn('casey.morgan@example.test');
    // Casey reviews program 1: she sees it exists but may not manage it.
    expect((await t.json('GET', `/api/programs/${program}/assignments`, { as: casey })).status).toBe(403);
    // Program 2 is not hers at all.
    expect((await t.json('GET', `/api/programs/${sibling}/assignments`, { as: casey })).status).toBe(404);
    expect(
      (
        await t.json(
          'DELETE',
          `/api/programs/${program}/admins/${await userIdOf(t, 'robin.hale@example.test')}`,
          {
            as: casey,
          },
        )
      ).status,
    ).toBe(403);
    expect((await assignments()).admins).toHaveLength(1);
  });

  it('removes reviewers and admins', async () => {
    const casey = await userIdOf(t, 'casey.morgan@example.test');
    const robin = await userIdOf(t, 'robin.hale@example.test');
    const r = await t.json('DELETE', `/api/programs/${program}/reviewers/${casey}`, { as: admin });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Reviewer removed successfully!');
    expect(r.body.assignments.reviewers.map((u: { user_id: string }) => u.user_id)).not.toContain(casey);
    const a = await t.json('DELETE', `/api/programs/${program}/admins/${robin}`, {
      as: world.cookies.superAdmin,
    });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('Admin removed successfully!');
    expect(a.body.assignments.admins).toEqual([]);
    // The removed admin has lost the program.
    const robinCookie = await t.signIn('robin.hale@example.test');
    expect((await t.json('GET', `/api/programs/${program}/assignments`, { as: robinCookie })).status).toBe(
      404,
    );
  });

  it('answers 404 for a missing or deleted program and for a malformed id (it names nothing)', async () => {
    expect(
      (await t.json('GET', `/api/programs/${demoProgramId(999)}/assignments`, { as: admin })).status,
    ).toBe(404);
    expect((await t.json('GET', '/api/programs/not-a-uuid/assignments', { as: admin })).status).toBe(404);
  });
});
