import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * What the coalition manager's landing offers (issue 33 item 18), enforced by the server: their
 * coalition's programs, each program's downloads, and All Reviews' download of their coalition's
 * reviews only. The reviews list itself stays with reviewers.
 */
let t: TestApp;
let world: World;
let cm: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  cm = world.cookies.coalitionManager ?? '';
  for (const as of [cm, world.cookies.superAdmin, world.cookies.otherCoalitionManager])
    await t.request('POST', '/api/me/personal-data-notice', { as });
});
afterAll(() => t?.close());

/** The status of a download, its body read to the end (a download holds one of two slots until then). */
const statusOf = async (path: string, as: string) => {
  const res = await t.request('GET', path, { as });
  await res.arrayBuffer();
  return res.status;
};

const csv = async (path: string, as: string) => {
  const res = await t.request('GET', path, { as });
  expect(res.status).toBe(200);
  return parse(Buffer.from(await res.arrayBuffer()), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
};

describe('the coalition manager landing', () => {
  it('lists the coalition’s programs, each downloadable; another coalition’s manager finds none of them', async () => {
    const list = await t.json('GET', `/api/coalitions/${world.slugs.coalition}/programs`, { as: cm });
    expect(list.status).toBe(200);
    const published = list.body.items.filter((p: { published: boolean }) => p.published);
    expect(published.length).toBeGreaterThan(0);
    for (const p of published) {
      for (const kind of ['applications', 'reviews', 'results']) {
        expect(await statusOf(`/api/programs/${p.id}/exports/${kind}?format=csv`, cm)).toBe(200);
      }
    }
    // The manager of a coalition Riverside Arts is not in finds none of its programs.
    const riverside = `/api/programs/${world.ids.publishedProgram}/exports/applications?format=csv`;
    expect(await statusOf(riverside, cm)).toBe(200);
    expect(await statusOf(riverside, world.cookies.otherCoalitionManager ?? '')).toBe(404);
    // The program dashboard stays with the program's admins.
    expect((await t.request('GET', `/api/programs/${published[0].id}/dashboard`, { as: cm })).status).toBe(
      403,
    );
  });

  it('All Reviews: downloads the coalition’s reviews only; the reviews list is for reviewers', async () => {
    expect((await t.request('GET', '/api/reviews?limit=5', { as: cm })).status).toBe(403);
    const programs = (await t.json('GET', `/api/coalitions/${world.slugs.coalition}/programs`, { as: cm }))
      .body.items as { name: string }[];
    const rows = await csv('/api/reviews/export?format=csv', cm);
    const programColumn = 'Program';
    const names = new Set(programs.map((p) => p.name));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(names.has(row[programColumn])).toBe(true);
    expect(rows.some((row) => row[programColumn] === 'Youth Orchestra Auditions')).toBe(true);
    // The manager of a coalition Riverside Arts is not in gets none of its reviews.
    const others = await csv('/api/reviews/export?format=csv', world.cookies.otherCoalitionManager ?? '');
    expect(others.some((row) => row[programColumn] === 'Youth Orchestra Auditions')).toBe(false);
  });
});
