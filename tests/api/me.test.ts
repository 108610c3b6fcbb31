import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, session, user } from '../../src/server/db/schema';
import { upsertAssignment } from '../../src/server/users/assignments';
import { restoreUser, softDeleteUser } from '../../src/server/users/lifecycle';
import { capabilitiesSchema, meSchema } from '../../src/shared/schemas/me';
import { createTestApp, statementsDuring, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userId(email: string) {
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

describe('GET /api/me', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.json('GET', '/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('describes a new, not yet onboarded user', async () => {
    const cookie = await t.signIn('new.person@example.test', 'New Person');
    const res = await t.json('GET', '/api/me', { as: cookie });
    expect(res.status).toBe(200);
    const me = meSchema.parse(res.body);
    expect(me).toMatchObject({
      email: 'new.person@example.test',
      role: 'applicant',
      onboarded: false,
      full_name: null,
    });
  });
});

describe('a new profile', () => {
  it('starts with the sign-in email as its contact email (the applicant may change it)', async () => {
    const cookie = await t.signIn('fresh.applicant@example.test', 'Fresh Applicant');
    await t.request('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
    const res = await t.json('GET', '/api/me/profile', { as: cookie });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('fresh.applicant@example.test');
    const put = await t.json('PUT', '/api/me/profile', { as: cookie, body: { email: 'other@example.test' } });
    expect(put.body.email).toBe('other@example.test');
  });
});

describe('POST /api/me/onboarding', () => {
  it('refuses without the terms ticked and changes nothing', async () => {
    const cookie = await t.signIn('terms@example.test');
    const res = await t.json('POST', '/api/me/onboarding', {
      as: cookie,
      body: { full_name: 'X', accept_terms: false },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid');
    const [p] = await t.deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, await userId('terms@example.test')));
    expect(p.onboardedAt).toBeNull();
    expect(p.fullName).toBeNull();
  });

  it('stores the trimmed name, onboarded_at and accepted_terms_at', async () => {
    const cookie = await t.signIn('onboard@example.test');
    t.clock.set('2026-03-04T05:06:07Z');
    const res = await t.json('POST', '/api/me/onboarding', {
      as: cookie,
      body: { full_name: '  Jo Onboard  ', accept_terms: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ full_name: 'Jo Onboard', onboarded: true });
    const [p] = await t.deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, await userId('onboard@example.test')));
    expect(p.acceptedTermsAt?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
    expect(p.onboardedAt?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('stores an empty name as null', async () => {
    const cookie = await t.signIn('noname@example.test');
    const res = await t.json('POST', '/api/me/onboarding', {
      as: cookie,
      body: { full_name: '   ', accept_terms: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.full_name).toBeNull();
  });

  it('keeps users who have not onboarded out of everything else', async () => {
    const cookie = await t.signIn('pending@example.test');
    const res = await t.json('GET', '/api/me/capabilities', { as: cookie });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

describe('capabilities', () => {
  it('lists assignments, skips revoked ones, and applies the role bump', async () => {
    const cookie = await t.signIn('caps@example.test');
    await t.json('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
    const id = await userId('caps@example.test');

    const empty = await t.json('GET', '/api/me/capabilities', { as: cookie });
    expect(capabilitiesSchema.parse(empty.body)).toEqual({
      admin_orgs: [],
      coalitions: [],
      reviewer_orgs: [],
      reviewer_programs: [],
    });

    const { organizations, coalitions } = await import('../../src/server/db/schema');
    const [org] = await t.deps.db
      .insert(organizations)
      .values({ name: 'Caps Org', slug: 'caps-org' })
      .returning();
    const [gone] = await t.deps.db
      .insert(organizations)
      .values({ name: 'Gone Org', slug: 'gone-org', deletedAt: new Date() })
      .returning();
    const [coalition] = await t.deps.db
      .insert(coalitions)
      .values({ name: 'Caps C', slug: 'caps-c' })
      .returning();
    await t.deps.db.transaction(async (tx) => {
      await upsertAssignment(tx, { userId: id, kind: 'org_admin', scopeType: 'org', scopeId: org.id });
      await upsertAssignment(tx, { userId: id, kind: 'org_admin', scopeType: 'org', scopeId: gone.id });
      await upsertAssignment(tx, {
        userId: id,
        kind: 'coalition_manager',
        scopeType: 'coalition',
        scopeId: coalition.id,
        status: 'revoked',
      });
    });

    const res = await t.json('GET', '/api/me/capabilities', { as: cookie });
    expect(res.status).toBe(200);
    const caps = capabilitiesSchema.parse(res.body);
    // A soft-deleted organization is not offered; a revoked assignment grants nothing.
    expect(caps.admin_orgs.map((o) => o.slug)).toEqual(['caps-org']);
    expect(caps.coalitions).toEqual([]);
    const me = await t.json('GET', '/api/me', { as: cookie });
    expect(me.body.role).toBe('admin');
    expect(me.body.effective_roles).toMatchObject({ has_admin: true, has_co_manager: false });

    const list = await t.json('GET', '/api/me/admin-orgs', { as: cookie });
    expect(list.body).toEqual({ items: [{ id: org.id, name: 'Caps Org', slug: 'caps-org' }], total: 1 });
  });
});

describe('capabilities before the session is loaded (decision 031)', () => {
  async function reviewer(email: string) {
    const cookie = await t.signIn(email);
    await t.json('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
    const { organizations, programs } = await import('../../src/server/db/schema');
    const [org] = await t.deps.db
      .insert(organizations)
      .values({ name: `Org of ${email}`, slug: email.replace(/\W/g, '-') })
      .returning();
    const [program] = await t.deps.db
      .insert(programs)
      .values({
        organizationId: org.id,
        name: `Program of ${email}`,
        type: 'application',
        form: {
          questions: [],
          common: { applyhub: false, coalition: false },
          profile: { enabled: false, sections: {} },
        },
      })
      .returning();
    const id = await userId(email);
    await t.deps.db.transaction((tx) =>
      upsertAssignment(tx, { userId: id, kind: 'reviewer', scopeType: 'program', scopeId: program.id }),
    );
    return { cookie, id, program };
  }

  it('answers in one statement in all, the session checked inside it', async () => {
    const { cookie, program } = await reviewer('one.statement@example.test');
    let res!: Awaited<ReturnType<TestApp['json']>>;
    const read = async () => {
      res = await t.json('GET', '/api/me/capabilities', { as: cookie });
    };
    expect(await statementsDuring(t.database, read)).toBe(1);
    expect(res.status).toBe(200);
    expect(capabilitiesSchema.parse(res.body).reviewer_programs).toEqual([
      expect.objectContaining({ id: program.id, assigned_directly: true }),
    ]);
  });

  it('a session due for renewal is answered and renewed; an ended one gets 401', async () => {
    const { cookie, id, program } = await reviewer('renewal@example.test');
    const DAY = 86_400_000;
    const old = new Date(Date.now() - 2 * DAY);
    await t.deps.db
      .update(session)
      .set({ updatedAt: old, expiresAt: new Date(old.getTime() + 30 * DAY) })
      .where(eq(session.userId, id));
    const res = await t.json('GET', '/api/me/capabilities', { as: cookie });
    expect(res.status).toBe(200);
    expect(res.body.reviewer_programs.map((p: { id: string }) => p.id)).toEqual([program.id]);
    const [renewed] = await t.deps.db.select().from(session).where(eq(session.userId, id));
    expect(renewed.updatedAt.getTime()).toBeGreaterThan(old.getTime());

    await t.deps.db.delete(session).where(eq(session.userId, id));
    expect((await t.json('GET', '/api/me/capabilities', { as: cookie })).status).toBe(401);
  });
});

describe('soft-deleted users', () => {
  it('are signed out at once (every session ends), and can sign in again when restored', async () => {
    const cookie = await t.signIn('deleted@example.test');
    await t.json('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
    const id = await userId('deleted@example.test');
    await softDeleteUser(t.deps.db, id, new Date());
    expect((await t.json('GET', '/api/me', { as: cookie })).status).toBe(401);
    expect((await t.json('GET', '/api/me/capabilities', { as: cookie })).status).toBe(401);
    await restoreUser(t.deps.db, id, new Date());
    // The old session stays ended; a new sign-in works.
    expect((await t.json('GET', '/api/me', { as: cookie })).status).toBe(401);
    expect((await t.json('GET', '/api/me', { as: await t.signIn('deleted@example.test') })).status).toBe(200);
  });
});

describe('POST /api/orgs/{slug}/admin/visit', () => {
  it('assigns the org admin as reviewer of the organization, once', async () => {
    const cookie = await t.signIn('hub@example.test');
    await t.json('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
    const id = await userId('hub@example.test');
    const { organizations, assignments } = await import('../../src/server/db/schema');
    const [org] = await t.deps.db
      .insert(organizations)
      .values({ name: 'Hub Org', slug: 'hub-org' })
      .returning();
    expect((await t.json('POST', '/api/orgs/hub-org/admin/visit', { as: cookie })).status).toBe(403);
    await upsertAssignment(t.deps.db, { userId: id, kind: 'org_admin', scopeType: 'org', scopeId: org.id });

    for (let i = 0; i < 2; i++) {
      const res = await t.json('POST', '/api/orgs/hub-org/admin/visit', { as: cookie });
      expect(res.status).toBe(200);
      expect(res.body.reviewer_assigned).toBe(true);
    }
    const rows = await t.deps.db.select().from(assignments).where(eq(assignments.userId, id));
    expect(rows.map((r) => `${r.kind}:${r.scopeId}:${r.status}`).sort()).toEqual([
      `org_admin:${org.id}:active`,
      `reviewer:${org.id}:active`,
    ]);
    const caps = await t.json('GET', '/api/me/reviewer-orgs', { as: cookie });
    expect(caps.body.items.map((o: { slug: string }) => o.slug)).toEqual(['hub-org']);
    expect((await t.json('POST', '/api/orgs/no-such-org/admin/visit', { as: cookie })).status).toBe(404);
  });
});
