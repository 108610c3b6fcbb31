/**
 * Issue 5 figure, in-process on PostgreSQL: publishing 10,000 finalized results in one call
 * (POST /api/programs/{id}/publish-results, mode all_finalized), in seconds, with the SQL statements it
 * ran; then the same call again (an idempotent no-op), the program's publish queue at 10,000 rows, and
 * one applicant's results. The data set (10,000 applicants, submitted applications and finalized
 * reviews) is generated with set-based SQL. Prints figures; asserts nothing about time.
 */
import { sql } from 'drizzle-orm';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';
import { demoProgramId } from '../src/server/db/seed/ids';
import { createNotifier } from '../src/server/realtime/notifier';
import { createStorage } from '../src/server/storage';
import type { BenchDatabase } from './postgres';

export interface PublishBenchReport {
  results: number;
  generateSeconds: number;
  publish: { seconds: number; statements: number; published: number; notifications: number };
  republish: { seconds: number; statements: number; published: number };
  queue: { ms: number; statements: number; items: number };
  myResults: { ms: number; statements: number };
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function runPublishBench(db: BenchDatabase, results = 10_000): Promise<PublishBenchReport> {
  const database = await openPostgres(db.url, 10);
  let statements = 0;
  const pool = database.pool!;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
  // Statements inside transactions go through a checked-out client: count those too.
  pool.on('connect', (client) => {
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements++;
      return clientQuery(...args);
    };
  });
  await migrate(database);
  await seed(database.db, { demo: true });

  const base = 'http://127.0.0.1:3999';
  const config = loadConfig({
    PORT: '3999',
    PUBLIC_URL: base,
    DATA_DIR: '/tmp/applyhub-bench-unused',
    LOG_REQUESTS: '0',
    NODE_ENV: 'development',
  });
  const notifier = createNotifier(database);
  await notifier.start();
  const app = createApp({
    config,
    database,
    db: database.db,
    auth: createAuth({ config, db: database.db }),
    clock: systemClock,
    notifier,
    storage: createStorage(config),
  });

  try {
    // A program of its own, so the demo data set's reviews do not count.
    const programId = demoProgramId(3);
    const g0 = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into "user" (id, email, name, email_verified)
        select gen_random_uuid(), 'bench-applicant-' || n || '@bench.test', 'Bench Applicant ' || n, true
        from generate_series(1, ${results}) n`);
      await tx.execute(sql`
        insert into profiles (id, full_name, onboarded_at, accepted_terms_at)
        select id, name, now(), now() from "user" where email like 'bench-applicant-%'`);
      await tx.execute(sql`
        insert into applications (program_id, user_id, status, submitted_at)
        select ${programId}, id, 'submitted', now() from "user" where email like 'bench-applicant-%'`);
      await tx.execute(sql`
        insert into reviews (application_id, program_id, score, comments, decision, ratings, status, submitted_at)
        select a.id, a.program_id, (random() * 100)::int,
          'Confident performance with a clear sense of line; work on intonation in the upper register.',
          (array['accept', 'waitlist', 'reject'])[1 + (random() * 2)::int],
          '{}'::jsonb, 'submitted', now()
        from applications a where a.program_id = ${programId}`);
      await tx.execute(
        sql`update reviews set ratings = jsonb_build_object('decision', decision) where program_id = ${programId}`,
      );
    });
    await database.db.execute(sql`analyze`);
    const generateSeconds = round((performance.now() - g0) / 1000);

    const signIn = await app.request(`${base}/api/demo/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'admin@demo.test' }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { 'content-type': 'application/json', origin: base, cookie };

    const timed = async (method: string, path: string, body?: unknown) => {
      const before = statements;
      const t0 = performance.now();
      const res = await app.request(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      const elapsed = performance.now() - t0;
      if (res.status !== 200)
        throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return { json, ms: elapsed, statements: statements - before };
    };

    const body = {
      mode: 'all_finalized',
      visibility: { decision: true, score: false, comments: true, customMessage: 'Thank you for applying.' },
    };
    const first = await timed('POST', `/api/programs/${programId}/publish-results`, body);
    const [{ n: notifications }] = (
      (await database.db.execute(
        sql`select count(*)::int as n from notifications n join "user" u on u.id = n.user_id where u.email like 'bench-applicant-%'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    const again = await timed('POST', `/api/programs/${programId}/publish-results`, body);
    const queue = await timed('GET', `/api/programs/${programId}/publish-queue`);

    const applicant = await app.request(`${base}/api/demo/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench-applicant-1@bench.test' }),
    });
    const applicantCookie = applicant.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const before = statements;
    const t0 = performance.now();
    const mine = await app.request(`${base}/api/me/results`, { headers: { cookie: applicantCookie } });
    await mine.json();
    const myResults = { ms: round(performance.now() - t0), statements: statements - before };

    return {
      results,
      generateSeconds,
      publish: {
        seconds: round(first.ms / 1000, 3),
        statements: first.statements,
        published: Number(first.json.published),
        notifications,
      },
      republish: {
        seconds: round(again.ms / 1000, 3),
        statements: again.statements,
        published: Number(again.json.published),
      },
      queue: {
        ms: round(queue.ms),
        statements: queue.statements,
        items: (queue.json.items as unknown[]).length,
      },
      myResults,
    };
  } finally {
    await notifier.stop();
    await database.close();
  }
}
