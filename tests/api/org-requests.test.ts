import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignments,
  organizations,
  orgRequestConversions,
  profiles,
  user,
} from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { createOrgResultSchema, orgRequestSchema } from '../../src/shared/schemas/featured';
import { itemsOf } from '../../src/shared/schemas/me';
import { orgRequest } from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  superAdmin = await t.signIn('super@demo.test');
});
afterAll(() => t.close());

async function requester(email: string, name: string) {
  const cookie = await t.signIn(email, name);
  const res = await t.request('POST', '/api/me/onboarding', {
    as: cookie,
    body: { accept_terms: true, full_name: name },
  });
  expect(res.status).toBe(200);
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, id: row.id };
}

const answers = (name: string) => ({
  q_org_name: name,
  q_website: 'https://example.test',
  q_contact_email: 'hello@example.test',
  q_mission: `${name} brings music to everyone.`,
});

const list = async () => {
  const res = await t.json('GET', '/api/super/org-requests', { as: superAdmin });
  expect(res.status).toBe(200);
  return itemsOf(orgRequestSchema).parse(res.body).items;
};

const convert = (id: string, body: unknown, as = superAdmin) =>
  t.json('POST', `/api/super/org-requests/${id}/create-org`, { as, body });

describe('GET /api/super/org-requests', () => {
  it('lists submitted requests with applicant, answers, review decision and conversion; not drafts', async () => {
    const a = await requester('lark@example.test', 'Lark Ames');
    const b = await requester('moss@example.test', 'Moss Bell');
    const c = await requester('nell@example.test', 'Nell Cruz');
    const accepted = await orgRequest(t, a.cookie, { answers: answers('Lark Choir'), decision: 'approved' });
    t.clock.advance(60_000);
    const pending = await orgRequest(t, b.cookie, { answers: answers('Moss Band'), decision: 'pending' });
    t.clock.advance(60_000);
    const draft = await orgRequest(t, c.cookie, { answers: answers('Nell Trio'), draft: true });

    const items = await list();
    const ids = items.map((i) => i.application_id);
    expect(ids).not.toContain(draft);
    expect(ids.indexOf(pending)).toBeLessThan(ids.indexOf(accepted));
    expect(items.find((i) => i.application_id === accepted)).toMatchObject({
      applicant_name: 'Lark Ames',
      applicant_email: 'lark@example.test',
      organization_name: 'Lark Choir',
      website: 'https://example.test',
      mission: 'Lark Choir brings music to everyone.',
      status: 'submitted',
      review: { status: 'submitted', decision: 'approved' },
      accepted: true,
      converted: null,
    });
    expect(items.find((i) => i.application_id === pending)).toMatchObject({
      accepted: false,
      review: { decision: 'pending' },
    });
  });
});

describe('POST /api/super/org-requests/{id}/create-org', () => {
  it('creates the organization and makes the requester its org admin (role bump), once', async () => {
    const r = await requester('opal@example.test', 'Opal Dunn');
    const id = await orgRequest(t, r.cookie, { answers: answers('Opal Strings'), decision: 'approved' });
    const res = await convert(id, {
      name: ' Opal Strings ',
      slug: 'opal-strings',
      description: 'Strings for all.',
    });
    expect(res.status).toBe(200);
    const result = createOrgResultSchema.parse(res.body);
    expect(result.organization).toMatchObject({ name: 'Opal Strings', slug: 'opal-strings' });

    const [org] = await t.deps.db.select().from(organizations).where(eq(organizations.slug, 'opal-strings'));
    expect(org.description).toBe('Strings for all.');
    const [assignment] = await t.deps.db
      .select()
      .from(assignments)
      .where(and(eq(assignments.userId, r.id), eq(assignments.scopeId, org.id)));
    expect(assignment).toMatchObject({ kind: 'org_admin', scopeType: 'org', status: 'active' });
    const [profile] = await t.deps.db.select().from(profiles).where(eq(profiles.id, r.id));
    expect(profile.role).toBe('admin');
    // The requester now administers it.
    const orgs = await t.json('GET', '/api/me/admin-orgs', { as: r.cookie });
    expect(orgs.body.items.map((o: { slug: string }) => o.slug)).toContain('opal-strings');
    // The list shows the conversion.
    const row = (await list()).find((i) => i.application_id === id);
    expect(row?.converted).toMatchObject({ name: 'Opal Strings', slug: 'opal-strings' });

    // A second conversion is refused and creates nothing.
    const again = await convert(id, { name: 'Opal Strings 2', slug: 'opal-strings-2' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'This request has already been turned into the organization Opal Strings.',
    );
    const extra = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, 'opal-strings-2'));
    expect(extra).toEqual([]);
  });

  it('refuses a taken slug with a clear 409 and leaves no trace', async () => {
    const r = await requester('pia@example.test', 'Pia Eng');
    const id = await orgRequest(t, r.cookie, { answers: answers('Riverside'), decision: 'approved' });
    const res = await convert(id, { name: 'Riverside Again', slug: 'riverside-arts' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('The slug "riverside-arts" is already taken. Choose another.');
    expect(res.body.error.fields).toEqual({ slug: res.body.error.message });
    const conv = await t.deps.db
      .select()
      .from(orgRequestConversions)
      .where(eq(orgRequestConversions.applicationId, id));
    expect(conv).toEqual([]);
    const [profile] = await t.deps.db.select().from(profiles).where(eq(profiles.id, r.id));
    expect(profile.role).toBe('applicant');
    // With a free slug it goes through.
    expect((await convert(id, { name: 'Pia Ensemble', slug: 'pia-ensemble' })).status).toBe(200);
  });

  it('refuses requests that are not accepted, drafts, other programs, bad slugs and non-super admins', async () => {
    const r = await requester('quin@example.test', 'Quin Fox');
    const undecided = await orgRequest(t, r.cookie, { answers: answers('Quin Winds') });
    const res = await convert(undecided, { name: 'Quin Winds', slug: 'quin-winds' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'Only an accepted request can become an organization. Review it first.',
    );
    const s = await requester('ros@example.test', 'Ros Gale');
    const denied = await orgRequest(t, s.cookie, { decision: 'denied' });
    expect((await convert(denied, { name: 'X', slug: 'x-denied' })).status).toBe(409);
    const u = await requester('uma@example.test', 'Uma Hart');
    const draft = await orgRequest(t, u.cookie, { answers: answers('Uma Band'), draft: true });
    expect((await convert(draft, { name: 'X', slug: 'x-draft' })).status).toBe(404);

    // An application to another program is not an org request.
    const other = await t.json('POST', '/api/programs/00000000-0000-4000-8000-de0400000001/applications', {
      as: u.cookie,
    });
    expect((await convert(other.body.id, { name: 'X', slug: 'x-other' })).status).toBe(404);

    expect((await convert(undecided, { name: 'X', slug: 'Bad Slug' })).status).toBe(400);
    expect((await convert(undecided, { name: ' ', slug: 'ok' })).status).toBe(400);
    const admin = await t.signIn('admin@demo.test');
    expect((await convert(undecided, { name: 'X', slug: 'x-admin' }, admin)).status).toBe(403);
    expect((await t.json('GET', '/api/super/org-requests', { as: admin })).status).toBe(403);
  });
});
