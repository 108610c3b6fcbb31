/**
 * All Reviews at scale (issue 12 item 5): the total is counted only up to REVIEW_TOTAL_CAP (then
 * `total_capped`), and pages follow each other by cursor (keyset) without gaps or repeats.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { REVIEW_TOTAL_CAP, reviewListSchema } from '../../src/shared/schemas/reviews';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let superAdmin: string;
const BULK = REVIEW_TOTAL_CAP + 150;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  superAdmin = await t.signIn('super@demo.test');
  // More submitted applications than the cap, some sharing a submission time (ties go by id).
  await t.deps.db.execute(sql`
    with u as (
      insert into "user" (name, email, email_verified, created_at, updated_at)
      select 'Paging ' || g, 'paging-' || g || '@example.test', true, now(), now()
      from generate_series(1, ${BULK}::int) g returning id)
    insert into applications (program_id, user_id, status, submitted_at, updated_at)
    select ${demoProgramId(2)}::uuid, id, 'submitted',
           now() - (row_number() over () / 3) * interval '1 minute', now()
    from u`);
}, 180_000);
afterAll(() => t.close());

const page = (query: string) => t.json('GET', `/api/reviews?${query}`, { as: superAdmin });

async function exactRows(): Promise<number> {
  const result = (await t.deps.db.execute(sql`
    select (select count(*) from reviews r join programs p on p.id = r.program_id and p.deleted_at is null)
         + (select count(*) from applications a join programs p on p.id = a.program_id and p.deleted_at is null
            where a.status <> 'draft' and not exists (select 1 from reviews r where r.application_id = a.id))
         as n`)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0].n);
}

describe('All Reviews paging', () => {
  it('counts up to the cap and says the total is capped', async () => {
    const res = await page('limit=10');
    expect(res.status).toBe(200);
    const body = reviewListSchema.parse(res.body);
    expect(body.items).toHaveLength(10);
    expect(body.total).toBe(REVIEW_TOTAL_CAP);
    expect(body.total_capped).toBe(true);
    expect(body.next_cursor).toEqual(expect.any(String));
    const small = reviewListSchema.parse((await page('limit=10&search=Emerging%20Artist&status=draft')).body);
    expect(small.total_capped).toBe(false);
    expect(small.total).toBe(small.items.length);
  });

  it('walks every row once by cursor, newest first', async () => {
    const seen: string[] = [];
    const times: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await page(`limit=400${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const body = reviewListSchema.parse(res.body);
      for (const row of body.items) {
        seen.push(row.application_id);
        times.push(new Date(row.submitted_at ?? row.updated_at).getTime());
      }
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await exactRows());
    expect(seen.length).toBeGreaterThan(REVIEW_TOTAL_CAP);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a cursor it did not make', async () => {
    const res = await page('cursor=not-a-cursor');
    expect(res.status).toBe(422);
  });
});
