import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, programs } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { itemsOf } from '../../src/shared/schemas/me';
import { publicOrgSchema, publicProgramSchema } from '../../src/shared/schemas/public';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.json('GET', `/api/programs${query}`);
  expect(res.status).toBe(200);
  return itemsOf(publicProgramSchema).parse(res.body);
};

describe('public organizations and coalitions', () => {
  it('finds a live organization by slug', async () => {
    const res = await t.json('GET', '/api/orgs/riverside-arts');
    expect(res.status).toBe(200);
    expect(publicOrgSchema.parse(res.body).name).toBe('Riverside Arts Center');
  });

  it('answers 404 with the spec message for a missing or soft-deleted organization', async () => {
    expect((await t.json('GET', '/api/orgs/no-such-org')).body.error.message).toBe('Organization not found.');
    await t.deps.db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.slug, 'cedar-hill-music-school'));
    expect((await t.json('GET', '/api/orgs/cedar-hill-music-school')).status).toBe(404);
  });

  it('finds a coalition by slug, 404 otherwise', async () => {
    expect((await t.json('GET', '/api/coalitions/metro-arts-coalition')).status).toBe(200);
    expect((await t.json('GET', '/api/coalitions/nope')).body.error.message).toBe('Coalition not found.');
  });
});

describe('public programs', () => {
  it('lists only published programs of live organizations, newest first', async () => {
    const { items, total } = await list();
    expect(total).toBe(items.length);
    const rows = await t.deps.db.select().from(programs);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const item of items) {
      const row = byId.get(item.id)!;
      expect(row.published).toBe(true);
      expect(row.deletedAt).toBeNull();
    }
    // The soft-deleted Cedar Hill organization's published programs are gone with it.
    expect(items.some((p) => p.organization_slug === 'cedar-hill-music-school')).toBe(false);
    const created = items.map((p) => byId.get(p.id)!.createdAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('never reveals a draft, unpublished or deleted program', async () => {
    const hidden = (await t.deps.db.select().from(programs)).filter((p) => !p.published);
    expect(hidden.length).toBeGreaterThan(0);
    for (const p of hidden) expect((await t.json('GET', `/api/programs/${p.id}`)).status).toBe(404);
    const [published] = (await list()).items;
    await t.deps.db.update(programs).set({ deletedAt: new Date() }).where(eq(programs.id, published.id));
    expect((await t.json('GET', `/api/programs/${published.id}`)).status).toBe(404);
    expect((await list()).items.some((p) => p.id === published.id)).toBe(false);
    await t.deps.db.update(programs).set({ deletedAt: null }).where(eq(programs.id, published.id));
  });

  it('filters by type, search (program or organization name), organization and coalition', async () => {
    const auditions = await list('?type=audition');
    expect(auditions.items.length).toBeGreaterThan(0);
    expect(auditions.items.every((p) => p.type === 'audition')).toBe(true);

    const byName = await list('?search=ORCHESTRA');
    expect(byName.items.map((p) => p.name)).toContain('Youth Orchestra Auditions');
    const byOrg = await list('?search=harbor%20city');
    expect(byOrg.items.length).toBeGreaterThan(0);
    expect(byOrg.items.every((p) => p.organization_name.includes('Harbor City'))).toBe(true);
    expect((await list('?search=%25')).total).toBe(0);

    const riverside = await list('?org=riverside-arts');
    expect(riverside.items.every((p) => p.organization_slug === 'riverside-arts')).toBe(true);
    const metro = await list('?coalition=metro-arts-coalition');
    const slugs = new Set(metro.items.map((p) => p.organization_slug));
    expect(slugs.has('riverside-arts')).toBe(true);
    expect(slugs.has('oakwood-theatre-company')).toBe(false);
  });

  it('pages with limit and offset and reports the total', async () => {
    const all = await list();
    const page = await list('?limit=2&offset=1');
    expect(page.total).toBe(all.total);
    expect(page.items.map((p) => p.id)).toEqual(all.items.slice(1, 3).map((p) => p.id));
    expect((await t.json('GET', '/api/programs?limit=0')).status).toBe(400);
    expect((await t.json('GET', '/api/programs?limit=501')).status).toBe(400);
  });
});
