/**
 * Issue 6 figures, in-process on PostgreSQL: the super admin's user search with 100,000 users.
 * p50/p99 at 8 connections over real HTTP, the SQL statements each request runs (counted on the
 * pool), and the plan PostgreSQL picks for the search (a substring search has no usable btree index
 * and PGlite has no pg_trgm, so it scans: the figure says what that costs).
 */
import { sql } from 'drizzle-orm';
import { startInProcessApp } from './inprocess';
import { demoSignIn, type LoadResult, load, loadLine } from './load';
import type { BenchDatabase } from './postgres';

export const BENCH_USERS = 100_000;

export interface UsersBenchReport {
  users: number;
  seedSeconds: number;
  queriesPerRequest: Record<string, number>;
  plans: Record<string, string>;
  loads: LoadResult[];
}

const endpoints = (base: string) => ({
  'search by name (substring)': `${base}/api/super/users?search=user%2042424`,
  'search by email (substring)': `${base}/api/super/users?search=bench.user9999`,
  'search by id (exact)': '',
  'role filter superadmin': `${base}/api/super/users?role=superadmin`,
  'first page (1000 rows)': `${base}/api/super/users`,
});

export async function runUsersBench(
  db: BenchDatabase,
  seconds: number,
  log: (line: string) => void,
): Promise<UsersBenchReport> {
  const bench = await startInProcessApp({ postgresUrl: db.url });
  const { base, database } = bench;
  const pool = database.pool!;
  try {
    const t0 = performance.now();
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select gen_random_uuid(), 'Bench User ' || g, 'bench.user' || g || '@example.org', true,
             now() - make_interval(secs => g), now()
      from generate_series(1, ${BENCH_USERS}) g`);
    await database.db.execute(sql`
      insert into profiles (id, full_name, onboarded_at, accepted_terms_at)
      select id, name, now(), now() from "user" where email like 'bench.user%'`);
    await database.db.execute(sql`analyze`);
    const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const someId = (await pool.query('select id from "user" where email = \'bench.user777@example.org\''))
      .rows[0].id as string;

    const headers = { cookie: await demoSignIn(base, 'super@demo.test') };
    const urls = { ...endpoints(base), 'search by id (exact)': `${base}/api/super/users?search=${someId}` };

    const queriesPerRequest: Record<string, number> = {};
    for (const [name, url] of Object.entries(urls)) {
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { total?: number };
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      const { statements } = await bench.measure(async () => (await fetch(url, { headers })).arrayBuffer());
      queriesPerRequest[`${name} (${body.total} found)`] = statements;
    }

    // The plan of the page query of a substring search (the count query scans the same way).
    const plans: Record<string, string> = {};
    const explain = async (label: string, where: string) => {
      const { rows } = await pool.query(
        `explain (analyze, costs off, timing on, summary on)
         select u.id from "user" u join profiles p on p.id = u.id
         where p.deleted_at is null and ${where}
         order by u.created_at desc, u.id limit 1000`,
      );
      const lines = rows.map((r: Record<string, string>) => r['QUERY PLAN']);
      plans[label] = lines
        .filter((l: string) => /Scan|Execution Time/.test(l))
        .map((l: string) => l.trim())
        .join(' | ');
    };
    await explain(
      'substring search',
      `p.id in (select u2.id from "user" u2 where lower(u2.email) like '%user 42424%' or lower(u2.name) like '%user 42424%' union select p2.id from profiles p2 where lower(p2.full_name) like '%user 42424%')`,
    );
    await explain('no search', 'true');

    const loads: LoadResult[] = [];
    for (const [name, url] of Object.entries(urls)) {
      loads.push(
        await load({
          target: 'ApplyHub on PostgreSQL (in-process, 100k users)',
          endpoint: `GET /api/super/users: ${name}`,
          url,
          connections: 8,
          seconds,
          headers,
        }),
      );
    }
    log(`\nUser search (PostgreSQL, in-process, ${BENCH_USERS} users added in ${seedSeconds} s):`);
    log(`  SQL statements per request: ${JSON.stringify(queriesPerRequest)}`);
    for (const [k, v] of Object.entries(plans)) log(`  plan (${k}): ${v}`);
    for (const l of loads) log(`  ${l.endpoint} @${l.connections}: ${loadLine(l)}`);
    return { users: BENCH_USERS, seedSeconds, queriesPerRequest, plans, loads };
  } finally {
    await bench.close();
  }
}
