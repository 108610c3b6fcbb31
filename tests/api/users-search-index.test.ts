/**
 * User substring search (issue 12 item 6): on PostgreSQL, migration 0007 adds pg_trgm GIN indexes on
 * lower(email), lower(name) and lower(full_name) and the search's id lookup uses them; on PGlite the
 * migration is skipped and the search still answers (by its scan).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';

const onPostgres = !!process.env.DATABASE_URL;
let t: TestApp;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  superAdmin = await t.signIn('super@demo.test');
  await t.deps.db.execute(sql`
    with u as (
      insert into "user" (name, email, email_verified, created_at, updated_at)
      select 'Searchable ' || g, 'searchable-' || g || '@example.test', true, now(), now()
      from generate_series(1, 5000) g returning id, name)
    insert into profiles (id, full_name) select id, name from u`);
  await t.deps.db.execute(sql`analyze`);
}, 180_000);
afterAll(() => t.close());

type Rows = { rows: Record<string, unknown>[] };

describe('user substring search', () => {
  it('finds users by a substring of email or name', async () => {
    const res = await t.json('GET', '/api/super/users?search=ABLE-4321@', { as: superAdmin });
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { email: string }) => u.email)).toEqual(['searchable-4321@example.test']);
  });

  it.runIf(onPostgres)('uses the trigram indexes on PostgreSQL', async () => {
    const indexes = (await t.deps.db.execute(
      sql`select indexname from pg_indexes where indexname like '%trgm_idx' order by 1`,
    )) as unknown as Rows;
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'profiles_full_name_trgm_idx',
      'user_email_trgm_idx',
      'user_name_trgm_idx',
    ]);
    // The predicate can use the indexes (at 5,000 rows the planner may still prefer a scan; the bench
    // measures 100,000).
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(
        sql`explain (format json) select u.id from "user" u
            where lower(u.email) like '%able-4321@%' or lower(u.name) like '%able-4321@%'
            union select p.id from profiles p where lower(p.full_name) like '%able-4321@%'`,
      )) as unknown as Rows;
    });
    const text = JSON.stringify(plan.rows);
    expect(text).toContain('user_email_trgm_idx');
    expect(text).toContain('profiles_full_name_trgm_idx');
  });
});
