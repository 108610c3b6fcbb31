import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuredItems, featuredSections } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoFeaturedItemId, demoProgramId, demoSectionId } from '../../src/server/db/seed/ids';
import { purgeHiddenSections, startFeaturedPurge } from '../../src/server/featured/purge';
import { featuredCardColors } from '../../src/shared/domain/featured-colors';
import {
  adminItemSchema,
  adminSectionSchema,
  searchResultSchema,
  sectionResultSchema,
} from '../../src/shared/schemas/featured';
import { itemsOf } from '../../src/shared/schemas/me';
import { featuredListSchema } from '../../src/shared/schemas/public';
import { createTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let superAdmin: string;
let orgAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  superAdmin = await t.signIn('super@demo.test');
  orgAdmin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

const call = <T = any>(method: string, path: string, body?: unknown, as = superAdmin) =>
  t.json<T>(method, `/api/super/featured${path}`, { as, body });

async function createSection(header: string, section_type: 'carousel' | 'gallery' = 'carousel') {
  const res = await call('POST', '/sections', { header, section_type });
  expect(res.status).toBe(200);
  return sectionResultSchema.parse(res.body);
}

async function sections() {
  const res = await call('GET', '/sections');
  expect(res.status).toBe(200);
  return itemsOf(adminSectionSchema).parse(res.body).items;
}

async function items(sectionId: string) {
  const res = await call('GET', `/sections/${sectionId}/items`);
  expect(res.status).toBe(200);
  return itemsOf(adminItemSchema).parse(res.body).items;
}

async function discovery() {
  const res = await t.json('GET', '/api/featured');
  expect(res.status).toBe(200);
  return featuredListSchema.parse(res.body).items;
}

describe('sections', () => {
  it("creates a section with the spec's message, at the end, with a slug from the header", async () => {
    const before = await sections();
    const made = await createSection('  Spring Spotlight  ', 'gallery');
    expect(made.message).toBe('Created: Spring Spotlight');
    expect(made.section).toMatchObject({
      header: 'Spring Spotlight',
      slug: 'spring-spotlight',
      section_type: 'gallery',
      active: true,
      deleted_at: null,
      purge_at: null,
      item_count: 0,
    });
    expect(made.section.sort_index).toBeGreaterThan(Math.max(...before.map((s) => s.sort_index)));
    expect((await sections()).at(-1)?.id).toBe(made.section.id);
  });

  it("refuses a blank header with 'Please enter a section header' and an unknown type", async () => {
    for (const header of ['', '   ']) {
      const res = await call('POST', '/sections', { header, section_type: 'carousel' });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('Please enter a section header');
    }
    expect((await call('POST', '/sections', { header: 'X', section_type: 'slider' })).status).toBe(400);
    expect((await call('POST', '/sections', { section_type: 'carousel' })).status).toBe(400);
  });

  it('retries a taken slug with -2 … -16, then refuses with the spec message', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 16; i++) slugs.push((await createSection('Repeat Me')).section.slug);
    expect(slugs).toEqual(['repeat-me', ...Array.from({ length: 15 }, (_, i) => `repeat-me-${i + 2}`)]);
    const res = await call('POST', '/sections', { header: 'Repeat me', section_type: 'carousel' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Could not create section after multiple attempts');
    const count = (await sections()).filter((s) => s.slug.startsWith('repeat-me')).length;
    expect(count).toBe(16);
  });

  it('lists hidden sections too; hides and restores with the spec messages', async () => {
    const all = await sections();
    const hiddenDemo = all.find((s) => s.id === demoSectionId(3));
    expect(hiddenDemo).toMatchObject({ active: false });
    expect(hiddenDemo?.purge_at).not.toBeNull();

    const { section } = await createSection('Hide Me');
    const hidden = await call('POST', `/sections/${section.id}/hide`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.message).toBe('Section hidden. It will be permanently deleted in 30 days.');
    expect(hidden.body.section.active).toBe(false);
    expect(hidden.body.section.deleted_at).toBe(t.clock.now().toISOString());
    expect(new Date(hidden.body.section.purge_at).getTime() - t.clock.now().getTime()).toBe(30 * DAY);
    expect((await call('POST', `/sections/${section.id}/hide`)).status).toBe(409);

    const restored = await call('POST', `/sections/${section.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Section restored successfully.');
    expect(restored.body.section).toMatchObject({ active: true, deleted_at: null, purge_at: null });
    expect((await call('POST', `/sections/${section.id}/restore`)).status).toBe(409);
    const missing = await call('POST', `/sections/${demoFeaturedItemId(1)}/hide`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Selected section not found');
  });

  it('a hidden section disappears from the discovery page and comes back on restore', async () => {
    const hide = await call('POST', `/sections/${demoSectionId(2)}/hide`);
    expect(hide.status).toBe(200);
    expect((await discovery()).map((s) => s.id)).not.toContain(demoSectionId(2));
    await call('POST', `/sections/${demoSectionId(2)}/restore`);
    expect((await discovery()).map((s) => s.id)).toContain(demoSectionId(2));
  });

  it('reorders sections: the new order shows in the manager and on the discovery page', async () => {
    const ids = (await sections()).map((s) => s.id);
    const reversed = [...ids].reverse();
    const res = await call('PUT', '/sections/order', { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: { id: string }) => s.id)).toEqual(reversed);
    const visible = (await discovery()).map((s) => s.id);
    expect(visible.indexOf(demoSectionId(2))).toBeLessThan(visible.indexOf(demoSectionId(1)));
    // A stale list (missing one, or an unknown id) changes nothing.
    expect((await call('PUT', '/sections/order', { ids: ids.slice(1) })).status).toBe(409);
    expect((await call('PUT', '/sections/order', { ids: [...ids.slice(1), ids[1]] })).status).toBe(409);
    expect((await sections()).map((s) => s.id)).toEqual(reversed);
    await call('PUT', '/sections/order', { ids });
  });
});

describe('items', () => {
  it('adds a target with title, colour, label and schedule; the discovery page shows exactly that', async () => {
    const { section } = await createSection('Configured', 'carousel');
    const starts = t.clock.now();
    const ends = new Date(starts.getTime() + 7 * DAY);
    const res = await call('POST', `/sections/${section.id}/items`, {
      target_type: 'program',
      target_id: demoProgramId(1),
      title: 'Play with us',
      description: 'Auditions are open.',
      card_color: 'bg-rose-600',
      button_label: 'Audition',
      starts_at: starts.toISOString(),
      ends_at: ends.toISOString(),
    });
    expect(res.status).toBe(200);
    const item = adminItemSchema.parse(res.body);
    expect(item).toMatchObject({
      target_name: 'Youth Orchestra Auditions',
      target_live: true,
      card_color: 'bg-rose-600',
      sort_index: 0,
    });
    const org = await call('POST', `/sections/${section.id}/items`, {
      target_type: 'coalition',
      target_id: (await call('GET', '/search?type=coalition&q=metro')).body.items[0].target_id,
    });
    expect(org.status).toBe(200);
    expect(org.body.sort_index).toBe(1);

    const shown = (await discovery()).find((s) => s.id === section.id);
    expect(shown).toMatchObject({ header: 'Configured', section_type: 'carousel' });
    expect(shown?.items.map((i) => i.target_type)).toEqual(['program', 'coalition']);
    expect(shown?.items[0]).toMatchObject({
      title: 'Play with us',
      description: 'Auditions are open.',
      card_color: 'bg-rose-600',
      button_label: 'Audition',
      starts_at: starts.toISOString(),
      ends_at: ends.toISOString(),
      target: { name: 'Youth Orchestra Auditions', program_type: 'audition' },
    });
    // Past the end of its window, the item leaves the discovery page but stays in the manager.
    t.clock.advance(8 * DAY);
    try {
      const later = (await discovery()).find((s) => s.id === section.id);
      expect(later?.items.map((i) => i.target_type)).toEqual(['coalition']);
      expect((await items(section.id)).length).toBe(2);
    } finally {
      t.clock.set(starts);
    }
  });

  it('allows one item per section and target, with a clear message', async () => {
    const { section } = await createSection('Unique');
    const body = { target_type: 'program', target_id: demoProgramId(1) };
    expect((await call('POST', `/sections/${section.id}/items`, body)).status).toBe(200);
    const again = await call('POST', `/sections/${section.id}/items`, { ...body, title: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Youth Orchestra Auditions is already in this section.');
    // The same target in another section is fine.
    const other = await createSection('Unique elsewhere');
    expect((await call('POST', `/sections/${other.section.id}/items`, body)).status).toBe(200);
  });

  it("checks the schedule on the server: 'End time must be after start time.'", async () => {
    const { section } = await createSection('Schedules');
    const now = t.clock.now();
    const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
    for (const [starts_at, ends_at] of [
      [at(2), at(1)],
      [at(1), at(1)],
    ]) {
      const res = await call('POST', `/sections/${section.id}/items`, {
        target_type: 'program',
        target_id: demoProgramId(1),
        starts_at,
        ends_at,
      });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('End time must be after start time.');
      expect(res.body.error.fields).toEqual({ ends_at: 'End time must be after start time.' });
    }
    const ok = await call('POST', `/sections/${section.id}/items`, {
      target_type: 'program',
      target_id: demoProgramId(1),
      starts_at: at(1),
      ends_at: null,
    });
    expect(ok.status).toBe(200);
    // An update is checked against the stored start.
    const bad = await call('PATCH', `/items/${ok.body.id}`, { ends_at: at(0) });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('End time must be after start time.');
    const good = await call('PATCH', `/items/${ok.body.id}`, { ends_at: at(14) });
    expect(good.status).toBe(200);
    expect(good.body.ends_at).toBe(at(14));
    expect((await call('PATCH', `/items/${ok.body.id}`, { starts_at: 'tomorrow' })).status).toBe(400);
  });

  it('accepts only the 22 card colours or default, and edits title, label and colour', async () => {
    const { section } = await createSection('Colours');
    const add = (card_color: unknown) =>
      call('POST', `/sections/${section.id}/items`, {
        target_type: 'program',
        target_id: demoProgramId(1),
        card_color,
      });
    expect((await add('bg-sky-700')).status).toBe(400);
    expect((await add('red')).status).toBe(400);
    const res = await add(featuredCardColors[21]);
    expect(res.status).toBe(200);
    expect(res.body.card_color).toBe('bg-stone-600');
    const edited = await call('PATCH', `/items/${res.body.id}`, {
      title: 'New title',
      button_label: 'Go',
      card_color: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'New title', button_label: 'Go', card_color: null });
    // A blank title falls back to the target's name on the discovery page.
    const blank = await call('PATCH', `/items/${res.body.id}`, { title: '   ' });
    expect(blank.body.title).toBeNull();
    const [item] = (await discovery()).find((s) => s.id === section.id)!.items;
    expect(item.title).toBeNull();
    expect(item.target.name).toBe('Youth Orchestra Auditions');
  });

  it('refuses targets that do not exist or are not public', async () => {
    const { section } = await createSection('Targets');
    const draft = await call('POST', `/sections/${section.id}/items`, {
      target_type: 'program',
      target_id: demoProgramId(6),
    });
    expect(draft.status).toBe(404);
    const wrongKind = await call('POST', `/sections/${section.id}/items`, {
      target_type: 'org',
      target_id: demoProgramId(1),
    });
    expect(wrongKind.status).toBe(404);
    const noSection = await call('POST', `/sections/${demoProgramId(1)}/items`, {
      target_type: 'program',
      target_id: demoProgramId(1),
    });
    expect(noSection.status).toBe(404);
    expect(noSection.body.error.message).toBe('Selected section not found');
  });

  it('reorders and removes items', async () => {
    const before = await items(demoSectionId(2));
    const ids = before.map((i) => i.id);
    const moved = [ids[1], ids[0], ...ids.slice(2)];
    const res = await call('PUT', `/sections/${demoSectionId(2)}/items/order`, { ids: moved });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(moved);
    const shown = (await discovery()).find((s) => s.id === demoSectionId(2))!;
    expect(shown.items.map((i) => i.id)).toEqual(moved);
    expect(
      (await call('PUT', `/sections/${demoSectionId(2)}/items/order`, { ids: moved.slice(1) })).status,
    ).toBe(409);

    const removed = await call('DELETE', `/items/${ids[0]}`);
    expect(removed.status).toBe(200);
    expect((await items(demoSectionId(2))).map((i) => i.id)).not.toContain(ids[0]);
    expect((await call('DELETE', `/items/${ids[0]}`)).status).toBe(404);
  });
});

describe('search', () => {
  it('finds live organizations, published programs and coalitions by name, at most 20', async () => {
    const all = await call('GET', '/search?q=');
    expect(all.status).toBe(200);
    const found = itemsOf(searchResultSchema).parse(all.body).items;
    expect(found.length).toBe(20);
    expect(new Set(found.map((r) => r.target_type)).size).toBeGreaterThan(1);

    const programs = (await call('GET', '/search?type=program&q=ORCHESTRA')).body.items as {
      name: string;
      target_type: string;
    }[];
    expect(programs.map((p) => p.name)).toContain('Youth Orchestra Auditions');
    expect(programs.every((p) => p.target_type === 'program')).toBe(true);
    // A draft program is not offered.
    const drafts = (await call('GET', '/search?type=program&q=Fall Dance Showcase')).body.items;
    expect(drafts).toEqual([]);
    // By organization name too.
    const byOrg = (await call('GET', '/search?type=program&q=riverside')).body.items as {
      detail: string;
    }[];
    expect(byOrg.length).toBeGreaterThan(0);
    expect(byOrg.every((p) => p.detail === 'Riverside Arts Center')).toBe(true);
    // Wildcards are literal.
    expect((await call('GET', '/search?q=%25%25')).body.items).toEqual([]);
    expect((await call('GET', '/search?limit=21')).status).toBe(400);
    expect((await call('GET', '/search?limit=3')).body.items.length).toBe(3);
  });

  it('is for super admins only', async () => {
    expect((await call('GET', '/search?q=a', undefined, orgAdmin)).status).toBe(403);
    expect((await t.json('GET', '/api/super/featured/sections')).status).toBe(401);
  });
});

describe('purge of hidden sections (injected clock)', () => {
  async function hiddenSection(header: string, hiddenDaysAgo: number) {
    const { section } = await createSection(header);
    await call('POST', `/sections/${section.id}/items`, {
      target_type: 'program',
      target_id: demoProgramId(1),
    });
    const realNow = t.clock.now();
    t.clock.set(new Date(realNow.getTime() - hiddenDaysAgo * DAY));
    try {
      expect((await call('POST', `/sections/${section.id}/hide`)).status).toBe(200);
    } finally {
      t.clock.set(realNow);
    }
    return section.id;
  }
  const exists = async (id: string) =>
    (await t.deps.db.select().from(featuredSections).where(eq(featuredSections.id, id))).length === 1;
  const itemCount = async (id: string) =>
    (await t.deps.db.select().from(featuredItems).where(eq(featuredItems.sectionId, id))).length;

  it('deletes sections hidden more than 30 days ago, with their items; keeps the rest', async () => {
    const recent = await hiddenSection('Hidden 29 days ago', 29);
    const old = await hiddenSection('Hidden 31 days ago', 31);
    const { section: active } = await createSection('Always active');
    // An active section created long ago is never deleted, even with a stale deleted_at.
    await t.deps.db
      .update(featuredSections)
      .set({ createdAt: new Date(t.clock.now().getTime() - 400 * DAY), deletedAt: new Date(0) })
      .where(eq(featuredSections.id, active.id));
    expect(await itemCount(old)).toBe(1);

    const result = await purgeHiddenSections(t.deps.db, t.clock.now());
    expect(result.ran).toBe(true);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await exists(old)).toBe(false);
    expect(await itemCount(old)).toBe(0);
    expect(await exists(recent)).toBe(true);
    expect(await itemCount(recent)).toBe(1);
    expect(await exists(active.id)).toBe(true);
    // The demo section hidden 5 days ago stays.
    expect(await exists(demoSectionId(3))).toBe(true);

    // Two days later the 29-day one is past 30 days and goes too.
    const later = new Date(t.clock.now().getTime() + 2 * DAY);
    await purgeHiddenSections(t.deps.db, later);
    expect(await exists(recent)).toBe(false);
    expect(await exists(active.id)).toBe(true);
  });

  it('runs once at start and on its interval, and stops cleanly', async () => {
    const old = await hiddenSection('Job target', 45);
    const logs: string[] = [];
    const job = startFeaturedPurge({
      db: t.deps.db,
      clock: t.clock,
      intervalMs: 60_000,
      log: (m) => logs.push(m),
    });
    const first = await job.runOnce();
    await job.stop();
    expect(first?.ran).toBe(true);
    expect(await exists(old)).toBe(false);
    expect(logs.some((l) => l.startsWith('featured purge: deleted'))).toBe(true);
    expect(await job.runOnce()).toBeNull();
  });

  it.runIf(t_isPostgres())('skips the run while another instance holds the lock', async () => {
    const old = await hiddenSection('Locked out', 45);
    const pool = t.database.pool!;
    const other = await pool.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(7270010002)');
      const skipped = await purgeHiddenSections(t.deps.db, t.clock.now());
      expect(skipped).toEqual({ ran: false, deleted: 0 });
      expect(await exists(old)).toBe(true);
    } finally {
      await other.query('rollback');
      other.release();
    }
    expect((await purgeHiddenSections(t.deps.db, t.clock.now())).ran).toBe(true);
    expect(await exists(old)).toBe(false);
  });
});

function t_isPostgres() {
  return !!process.env.DATABASE_URL;
}
