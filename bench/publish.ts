/**
 * Issue 5 figure, in-process on PostgreSQL: publishing 10,000 finalized results in one call
 * (POST /api/programs/{id}/publish-results, mode all_finalized), in seconds, with the SQL statements it
 * ran; then the same call again (an idempotent no-op), the program's publish queue at 10,000 rows, and
 * one applicant's results. The data set (10,000 applicants, submitted applications and finalized
 * reviews) is generated with set-based SQL. Prints figures; asserts nothing about time.
 */
import { sql } from 'drizzle-orm';
import { demoProgramId } from '../src/server/db/seed/ids';
import { startInProcessApp } from './inprocess';
import { demoSignIn } from './load';
import type { BenchDatabase } from './postgres';
import { round } from './stats';

export interface PublishBenchReport {
  results: number;
  generateSeconds: number;
  publish: { seconds: number; statements: number; published: number; notifications: number };
  republish: { seconds: number; statements: number; published: number };
  queue: { ms: number; statements: number; items: number };
  myResults: { ms: number; statements: number };
}

export async function runPublishBench(
  db: BenchDatabase,
  log: (line: string) => void,
  results = 10_000,
): Promise<PublishBenchReport> {
  const bench = await startInProcessApp({ postgresUrl: db.url, pool: 10 });
  const { app, base, database } = bench;
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

    const headers = {
      'content-type': 'application/json',
      origin: base,
      cookie: await demoSignIn(base, 'admin@demo.test'),
    };

    const timed = async (method: string, path: string, body?: unknown) => {
      const { value, ms, statements } = await bench.measure(async () => {
        const res = await app.request(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { res, json: (await res.json()) as Record<string, unknown> };
      });
      if (value.res.status !== 200)
        throw new Error(`${method} ${path} answered ${value.res.status}: ${JSON.stringify(value.json)}`);
      return { json: value.json, ms, statements };
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

    const applicantCookie = await demoSignIn(base, 'bench-applicant-1@bench.test');
    const mine = await bench.measure(async () =>
      (await app.request(`${base}/api/me/results`, { headers: { cookie: applicantCookie } })).json(),
    );
    const myResults = { ms: round(mine.ms), statements: mine.statements };

    const r: PublishBenchReport = {
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
    log(
      `\nPublishing results (PostgreSQL, in-process; ${r.results} finalized results generated in ${r.generateSeconds} s):`,
    );
    log(
      `  publish all ${r.publish.published} in one call: ${r.publish.seconds} s, ${r.publish.statements} SQL statements, ${r.publish.notifications} notifications`,
    );
    log(
      `  the same call again (no-op): ${r.republish.seconds} s, ${r.republish.statements} statements, ${r.republish.published} published`,
    );
    log(`  publish queue of ${r.queue.items} rows: ${r.queue.ms} ms, ${r.queue.statements} statements`);
    log(`  an applicant's results: ${r.myResults.ms} ms, ${r.myResults.statements} statements`);
    return r;
  } finally {
    await bench.close();
  }
}
