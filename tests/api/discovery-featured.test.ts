import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coalitions,
  featuredItems,
  featuredSections,
  organizations,
  programs,
} from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoFeaturedItemId, demoProgramId, demoSectionId } from '../../src/server/db/seed/ids';
import { itemsOf } from '../../src/shared/schemas/me';
import { featuredListSchema, publicOrgListItemSchema } from '../../src/shared/schemas/public';
import { createTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let seededAt: Date;
beforeAll(async () => {
  t = await createTestApp();
  seededAt = t.clock.now();
  await seed(t.deps.db, { demo: true, now: seededAt });
});
afterAll(() => t.close());

async function featured() {
  const res = await t.json('GET', '/api/featured');
  expect(res.status).toBe(200);
  return featuredListSchema.parse(res.body).items;
}

const itemIds = (sections: Awaited<ReturnType<typeof featured>>) =>
  Object.fromEntries(sections.map((s) => [s.slug, s.items.map((i) => i.id)]));

describe('GET /api/featured', () => {
  it('lists active sections in order with their active items inside the schedule window', async () => {
    const sections = await featured();
    expect(sections.map((s) => s.header)).toEqual(['Featured Opportunities', 'Explore Organizations']);
    expect(sections.map((s) => s.section_type)).toEqual(['carousel', 'gallery']);
    // Item 5 starts in 7 days: not yet. The hidden section's items never appear.
    expect(itemIds(sections)).toEqual({
      'featured-opportunities': [1, 2, 3, 4].map(demoFeaturedItemId),
      'explore-organizations': [6, 7, 8, 9, 10, 11].map(demoFeaturedItemId),
    });
  });

  it('resolves targets: programs with organization, type and deadline; orgs and coalitions by slug', async () => {
    const [carousel, gallery] = await featured();
    const [program, , org, coalition] = carousel.items;
    expect(program.target).toMatchObject({
      name: 'Youth Orchestra Auditions',
      program_type: 'audition',
      organization_name: 'Riverside Arts Center',
      organization_slug: 'riverside-arts',
    });
    expect(program.card_color).toBe('bg-emerald-600');
    expect(program.button_label).toBe('Audition now');
    expect(org.target).toMatchObject({ name: 'Northgate Dance Academy', slug: 'northgate-dance-academy' });
    expect(coalition.target).toMatchObject({ name: 'Metro Arts Coalition', slug: 'metro-arts-coalition' });
    expect(coalition.target.program_type).toBeNull();
    // A null title stays null: the client shows the target's name.
    expect(gallery.items[0].title).toBeNull();
    expect(gallery.items[0].target.name).toBe('Riverside Arts Center');
  });

  it('follows the server clock: expired items go, scheduled ones arrive', async () => {
    try {
      t.clock.set(new Date(seededAt.getTime() + 6 * DAY)); // item 2 ended at +5 days
      let ids = itemIds(await featured())['featured-opportunities'];
      expect(ids).not.toContain(demoFeaturedItemId(2));
      expect(ids).not.toContain(demoFeaturedItemId(5));
      t.clock.set(new Date(seededAt.getTime() + 8 * DAY)); // item 5 started at +7 days
      ids = itemIds(await featured())['featured-opportunities'];
      expect(ids).toContain(demoFeaturedItemId(5));
      t.clock.set(new Date(seededAt.getTime() - 3 * DAY)); // item 2 starts at -2 days
      ids = itemIds(await featured())['featured-opportunities'];
      expect(ids).not.toContain(demoFeaturedItemId(2));
    } finally {
      t.clock.set(seededAt);
    }
  });

  it('leaves out inactive items, hidden sections, and targets that are gone', async () => {
    const db = t.deps.db;
    await db
      .update(featuredItems)
      .set({ active: false })
      .where(eq(featuredItems.id, demoFeaturedItemId(4)));
    // Unpublished and soft-deleted programs; a soft-deleted organization (its programs go with it).
    await db
      .update(programs)
      .set({ published: false })
      .where(eq(programs.id, demoProgramId(1)));
    await db
      .update(programs)
      .set({ deletedAt: new Date() })
      .where(eq(programs.id, demoProgramId(2)));
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.slug, 'lakeside-community-foundation'));
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.slug, 'oakwood-theatre-company'));
    const ids = itemIds(await featured());
    expect(ids['featured-opportunities']).toEqual([demoFeaturedItemId(3)]);
    // Item 8 (Oakwood) and item 10 (a Lakeside program) are gone.
    expect(ids['explore-organizations']).toEqual([6, 7, 9, 11].map(demoFeaturedItemId));

    // A soft-deleted coalition target is left out too.
    await db
      .update(featuredItems)
      .set({ active: true })
      .where(eq(featuredItems.id, demoFeaturedItemId(4)));
    expect(itemIds(await featured())['featured-opportunities']).toContain(demoFeaturedItemId(4));
    await db
      .update(coalitions)
      .set({ deletedAt: new Date() })
      .where(eq(coalitions.slug, 'metro-arts-coalition'));
    expect(itemIds(await featured())['featured-opportunities']).not.toContain(demoFeaturedItemId(4));

    // Hiding a section removes it; an empty active section still shows (the gallery's empty text).
    await db
      .update(featuredSections)
      .set({ active: false, deletedAt: new Date() })
      .where(eq(featuredSections.id, demoSectionId(2)));
    await db
      .insert(featuredSections)
      .values([{ sectionType: 'gallery', header: 'Second at zero', slug: 'second-at-zero', sortIndex: 0 }]);
    const sections = await featured();
    expect(sections.map((s) => s.header)).toEqual(['Featured Opportunities', 'Second at zero']);
    expect(sections[1].items).toEqual([]);
  });
});

describe('GET /api/orgs', () => {
  const list = async (query = '') => {
    const res = await t.json('GET', `/api/orgs${query}`);
    expect(res.status).toBe(200);
    return itemsOf(publicOrgListItemSchema).parse(res.body);
  };

  it('lists live organizations newest first with their coalition names', async () => {
    const { items, total } = await list();
    expect(total).toBe(items.length);
    // Lakeside and Oakwood were soft-deleted above.
    const slugs = items.map((o) => o.slug);
    expect(slugs).not.toContain('lakeside-community-foundation');
    expect(slugs).not.toContain('oakwood-theatre-company');
    expect(slugs).toContain('northgate-dance-academy');
    const created = items.map((o) => Date.parse(o.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const northgate = items.find((o) => o.slug === 'northgate-dance-academy')!;
    // The Metro Arts Coalition was soft-deleted above: only the live coalition's name is given.
    expect(northgate.coalition_names).toEqual(['Youth Scholarship Alliance']);
    expect(items.find((o) => o.slug === 'cedar-hill-music-school')!.coalition_names).toEqual([]);
  });

  it('gives both coalition names of an organization in two live coalitions', async () => {
    await t.deps.db
      .update(coalitions)
      .set({ deletedAt: null })
      .where(eq(coalitions.slug, 'metro-arts-coalition'));
    const { items } = await list('?search=NORTHGATE');
    expect(items).toHaveLength(1);
    expect([...items[0].coalition_names].sort()).toEqual([
      'Metro Arts Coalition',
      'Youth Scholarship Alliance',
    ]);
  });

  it('searches by name (case-insensitive substring) and pages', async () => {
    const all = await list();
    expect((await list('?search=arts')).items.map((o) => o.slug)).toEqual(
      all.items.filter((o) => o.name.toLowerCase().includes('arts')).map((o) => o.slug),
    );
    expect((await list('?search=%25')).total).toBe(0);
    const page = await list('?limit=2&offset=1');
    expect(page.total).toBe(all.total);
    expect(page.items.map((o) => o.id)).toEqual(all.items.slice(1, 3).map((o) => o.id));
    expect((await t.json('GET', '/api/orgs?limit=501')).status).toBe(400);
    expect((await t.json('GET', '/api/orgs?limit=0')).status).toBe(400);
  });
});
