/**
 * Issue 5 figures, in-process on PostgreSQL: All Reviews at limit 1,000 and the per-program queue,
 * p50/p99 and SQL statements per request, beside the raw SQL time of the same statements through `pg`,
 * first at 10,000 applications, then at 1,000,000 applications and 200,000 reviews across 1,000
 * programs (built by a generate_series script in the bench's own database); and the save-to-seen
 * latency of a review edit between two SSE clients. Prints figures, asserts nothing.
 *
 * BENCH_REVIEWS_FULL=0 stops after the 10,000-application size (the full data set takes a few minutes
 * to generate on a small machine). BENCH_REVIEWS_REQUESTS sets the requests per measurement (default 20).
 */
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { demoReviewApplicationId } from '../src/server/db/seed/ids';
import { queueSql, reviewCountSql, reviewListSql } from '../src/server/reviews/queries';
import { startInProcessApp } from './inprocess';
import { demoSignIn } from './load';
import type { BenchDatabase } from './postgres';
import { round, type Timing, timing } from './stats';

export interface SizeReport {
  applications: number;
  reviews: number;
  programs: number;
  generateSeconds: number;
  allReviews: { http: Timing; rawSql: Timing; statementsPerRequest: number; rows: number; total: number };
  queue: { http: Timing; rawSql: Timing; statementsPerRequest: number; rows: number };
}

export interface ReviewsBenchReport {
  sizes: SizeReport[];
  saveToSeen: Timing & { errors: number };
  skippedFull?: string;
}

const BENCH_FORM =
  '{"questions":[],"common":{"applyhub":false,"coalition":false},"profile":{"enabled":false,"sections":{}}}';
const BENCH_REVIEWER_FORM =
  '{"show_score":true,"show_comments":true,"show_decision":true,"decision_options":["accept","waitlist","reject"]}';

/**
 * Grows the bench data set to `programs` programs of riverside-arts, each with a submitted application
 * from each of 1,000 bench applicants; every fifth applicant's application has a review (half of them
 * finalized), last edited by the demo reviewer.
 */
async function generate(pool: pg.Pool, programs: number): Promise<void> {
  await pool.query(`
    insert into "user" (id, email, name, email_verified, created_at, updated_at)
      select gen_random_uuid(), 'bench' || g || '@example.test', 'Bench Applicant ' || g, true, now(), now()
      from generate_series(1, 1000) g
      on conflict do nothing;
    insert into profiles (id, full_name, onboarded_at, accepted_terms_at)
      select id, name, now(), now() from "user" where email like 'bench%@example.test'
      on conflict do nothing;`);
  await pool.query(
    `insert into programs (id, organization_id, name, form, reviewer_form, published, review_status, published_at)
      select gen_random_uuid(), (select id from organizations where slug = 'riverside-arts'),
             'Bench program ' || lpad(g::text, 4, '0'), $1::jsonb, $2::jsonb, true, 'published', now()
      from generate_series((select count(*) from programs where name like 'Bench program %') + 1, $3) g`,
    [BENCH_FORM, BENCH_REVIEWER_FORM, programs],
  );
  await pool.query(`
    insert into applications (program_id, user_id, status, answers, submitted_at, created_at, updated_at)
      select p.id, u.id, 'submitted', '{"q":"bench"}'::jsonb, t.at, t.at, t.at
      from programs p
      cross join "user" u
      cross join lateral (select now() - (random() * 90) * interval '1 day' as at) t
      where p.name like 'Bench program %' and u.email like 'bench%@example.test'
        and not exists (select 1 from applications a where a.program_id = p.id);`);
  await pool.query(
    `insert into reviews (application_id, program_id, score, comments, ratings, decision, status, reviewer_id,
                          version, submitted_at, created_at, updated_at)
      select a.id, a.program_id, (random() * 100)::int, 'Bench review comment',
             '{"decision":"accept"}'::jsonb, 'accept', s.status, (select id from "user" where email = 'reviewer@demo.test'),
             2, case when s.status = 'submitted' then s.at end, s.at, s.at
      from applications a
      join programs p on p.id = a.program_id and p.name like 'Bench program %'
      join "user" u on u.id = a.user_id
      cross join lateral (
        select a.submitted_at + (random() * 5) * interval '1 day' as at,
               case when random() < 0.5 then 'submitted' else 'draft' end as status
      ) s
      where substring(u.email from 'bench(\\d+)@')::int % 5 = 0
        and not exists (select 1 from reviews r where r.application_id = a.id)`,
  );
  await pool.query('analyze');
}

export async function runReviewsBench(
  db: BenchDatabase,
  log: (line: string) => void,
  options: { full: boolean; requests: number },
): Promise<ReviewsBenchReport> {
  const bench = await startInProcessApp({ postgresUrl: db.url });
  const { base, database } = bench;
  const pool = database.pool!;
  const dialect = (
    database.db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect;

  try {
    const reviewer = await demoSignIn(base, 'reviewer@demo.test');
    const admin = await demoSignIn(base, 'admin@demo.test');
    const [{ id: reviewerId }] = (
      await pool.query(`select id from "user" where email = 'reviewer@demo.test'`)
    ).rows as { id: string }[];
    const [{ id: orgId }] = (await pool.query(`select id from organizations where slug = 'riverside-arts'`))
      .rows as { id: string }[];

    const runs = { times: options.requests, warmUp: 2 };
    const timeHttp = async (url: string, cookie: string) => {
      let body: { items: unknown[]; total: number } = { items: [], total: 0 };
      const { timing: http, statements } = await bench.repeat(runs, async () => {
        const res = await fetch(url, { headers: { cookie } });
        body = (await res.json()) as typeof body;
        if (res.status !== 200)
          throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      });
      return { http, statementsPerRequest: statements, body };
    };
    const timeRaw = async (queries: SQL[]) =>
      (
        await bench.repeat(runs, () =>
          Promise.all(
            queries.map((q) => {
              const { sql, params } = dialect.sqlToQuery(q);
              return pool.query(sql, params);
            }),
          ),
        )
      ).timing;

    const measure = async (programs: number): Promise<SizeReport> => {
      const t0 = performance.now();
      // Its own connection: generating a million rows takes longer than the app's statement timeout.
      const loader = new pg.Pool({ connectionString: db.url, max: 1 });
      try {
        await generate(loader, programs);
      } finally {
        await loader.end();
      }
      const generateSeconds = round((performance.now() - t0) / 1000);
      const counts = (
        await pool.query(`select (select count(*) from applications)::int as applications,
          (select count(*) from reviews)::int as reviews,
          (select count(*) from programs where name like 'Bench program %')::int as programs`)
      ).rows[0] as { applications: number; reviews: number; programs: number };
      log(
        `  data: ${counts.programs} bench programs, ${counts.applications} applications, ${counts.reviews} reviews (generated in ${generateSeconds} s)`,
      );
      const filter = {
        scope: { all: false as const, orgIds: [orgId], programIds: [] },
        userId: reviewerId,
        mine: false,
        status: 'all' as const,
        limit: 1000,
        offset: 0,
      };
      // Alternating rounds (HTTP, raw, HTTP, raw) on the shared machine; the raw baseline is the rows
      // statement alone (the query the page shows), the service adds its capped count beside it.
      const allRounds = [];
      const rawRounds = [];
      for (let round = 0; round < 2; round++) {
        allRounds.push(await timeHttp(`${base}/api/reviews?limit=1000`, reviewer));
        rawRounds.push(await timeRaw([reviewListSql(filter)]));
      }
      const all = allRounds[1];
      const allRaw = rawRounds[1];
      log(
        `  All Reviews rounds: HTTP p50 ${allRounds.map((r) => r.http.p50Ms).join(' / ')} ms; raw rows SQL p50 ${rawRounds.map((r) => r.p50Ms).join(' / ')} ms; raw rows + capped count p50 ${(await timeRaw([reviewListSql(filter), reviewCountSql(filter)])).p50Ms} ms`,
      );
      const [{ id: programId }] = (
        await pool.query(`select id from programs where name = 'Bench program 0001'`)
      ).rows as { id: string }[];
      const queue = await timeHttp(`${base}/api/review/programs/${programId}/queue`, reviewer);
      const queueRaw = await timeRaw([queueSql(programId)]);
      const report: SizeReport = {
        ...counts,
        generateSeconds,
        allReviews: {
          http: all.http,
          rawSql: allRaw,
          statementsPerRequest: all.statementsPerRequest,
          rows: all.body.items.length,
          total: all.body.total,
        },
        queue: {
          http: queue.http,
          rawSql: queueRaw,
          statementsPerRequest: queue.statementsPerRequest,
          rows: queue.body.items.length,
        },
      };
      const a = report.allReviews;
      const q = report.queue;
      log(
        `  All Reviews (limit 1000, ${a.rows} rows of ${a.total}): HTTP p50 ${a.http.p50Ms} ms p99 ${a.http.p99Ms} ms; raw SQL p50 ${a.rawSql.p50Ms} ms p99 ${a.rawSql.p99Ms} ms; ${a.statementsPerRequest} SQL statements/request`,
      );
      log(
        `  Per-program queue (${q.rows} rows): HTTP p50 ${q.http.p50Ms} ms p99 ${q.http.p99Ms} ms; raw SQL p50 ${q.rawSql.p50Ms} ms p99 ${q.rawSql.p99Ms} ms; ${q.statementsPerRequest} SQL statements/request`,
      );
      return report;
    };

    const sizes: SizeReport[] = [];
    log('\nReviews (PostgreSQL, in-process), 10 programs × 1,000 applicants:');
    sizes.push(await measure(10));
    let skippedFull: string | undefined;
    if (options.full) {
      log('\nReviews, 1,000 programs × 1,000 applicants (generating; a few minutes):');
      sizes.push(await measure(1000));
    } else {
      skippedFull = 'BENCH_REVIEWS_FULL=0';
      log('  (the 1,000,000-application size is skipped: BENCH_REVIEWS_FULL=0)');
    }

    // Save-to-seen: A saves a review, B's event stream hears it.
    const appId = demoReviewApplicationId(2);
    const events = await fetch(`${base}/api/events?topic=${encodeURIComponent(`review:${appId}`)}`, {
      headers: { cookie: admin },
    });
    if (events.status !== 200 || !events.body) throw new Error(`events: ${events.status}`);
    const reader = events.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextChange = async (): Promise<void> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: change')) return;
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the event stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    };
    const versionOf = async () =>
      (
        (await (
          await fetch(`${base}/api/applications/${appId}/review`, { headers: { cookie: reviewer } })
        ).json()) as {
          review: { version: number } | null;
        }
      ).review?.version ?? 0;
    let version = await versionOf();
    const samples: number[] = [];
    let errors = 0;
    for (let i = 0; i < Math.max(50, options.requests); i++) {
      const seen = nextChange();
      const t0 = performance.now();
      const res = await fetch(`${base}/api/applications/${appId}/review`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: base, cookie: reviewer },
        body: JSON.stringify({ comments: `Edit ${i}`, version }),
      });
      if (res.status !== 200) {
        errors++;
        await res.text();
        version = await versionOf();
        continue;
      }
      version = ((await res.json()) as { version: number }).version;
      await seen;
      samples.push(performance.now() - t0);
    }
    await reader.cancel().catch(() => {});
    const saveToSeen = { ...timing(samples), errors };
    log(
      `\n  Save-to-seen of a review edit between two SSE clients: p50 ${saveToSeen.p50Ms} ms, p99 ${saveToSeen.p99Ms} ms (${saveToSeen.n} edits, errors ${errors})`,
    );
    return { sizes, saveToSeen, skippedFull };
  } finally {
    await bench.close();
  }
}
