/**
 * Issue 20 figures (decisions 035 and 036), in-process on PostgreSQL:
 *
 * 1. Automatic assignment of 10,000 applications × 50 reviewers with 2 % random conflicts: the
 *    planner alone (median of 5 runs, N = 2 and N = 3, uncapped and capped), then the whole
 *    preview and apply calls (POST /api/programs/{id}/auto-assign/preview and …/auto-assign), with
 *    their SQL statements and the loads they give.
 * 2. The program queue with aggregates at 10,000 applications × 3 submitted sheets: the endpoint
 *    (GET /api/review/programs/{id}/queue as the org admin, JSON included) against the raw SQL of the
 *    same rows statement run on the pool, median of 15 runs each, and their ratio.
 *
 * The data set is generated with set-based SQL. Prints figures; asserts nothing about time.
 */
import { sql } from 'drizzle-orm';
import { demoProgramId } from '../src/server/db/seed/ids';
import { planAssignments } from '../src/server/scoring/assign-plan';
import { independentQueueSql } from '../src/server/scoring/queue';
import { startInProcessApp } from './inprocess';
import { demoSignIn } from './load';
import type { BenchDatabase } from './postgres';
import { round, timing } from './stats';

export interface ScoringBenchReport {
  applications: number;
  reviewers: number;
  conflictRate: number;
  generateSeconds: number;
  planner: { label: string; p50Ms: number; assignments: number; loadSpread: number }[];
  preview: { seconds: number; statements: number };
  apply: { seconds: number; statements: number; assignments: number; loadMin: number; loadMax: number };
  applyThird: { seconds: number; assignments: number; loadMin: number; loadMax: number };
  queue: { endpointP50Ms: number; rawSqlP50Ms: number; ratio: number; rows: number; statements: number };
}

/** A small deterministic generator, so runs are comparable. */
function lcg(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

export async function runScoringBench(
  db: BenchDatabase,
  log: (line: string) => void,
  { applications = 10_000, reviewers = 50, conflictRate = 0.02 } = {},
): Promise<ScoringBenchReport> {
  log(
    `\nIndependent scoring (PostgreSQL, in-process): ${applications.toLocaleString('en-US')} applications × ${reviewers} reviewers, ${conflictRate * 100} % conflicts`,
  );

  // 1a. The planner alone, on the same shape.
  const rand = lcg(20);
  const blocked: [number, number][] = [];
  for (let a = 0; a < applications; a++)
    for (let r = 0; r < reviewers; r++) if (rand() < conflictRate) blocked.push([a, r]);
  const planner: ScoringBenchReport['planner'] = [];
  for (const [label, perApplication, cap] of [
    ['N = 2, no cap', 2, null],
    ['N = 3, no cap', 3, null],
    ['N = 3, at most 600 each', 3, 600],
  ] as const) {
    const samples: number[] = [];
    let result = planAssignments({ applications, reviewers, blocked, existing: [], perApplication, cap });
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      result = planAssignments({ applications, reviewers, blocked, existing: [], perApplication, cap });
      samples.push(performance.now() - t0);
    }
    const p50Ms = timing(samples).p50Ms;
    const loadSpread = Math.max(...result.loads) - Math.min(...result.loads);
    planner.push({ label, p50Ms, assignments: result.pairs.length, loadSpread });
    log(
      `  planner, ${label}: ${p50Ms} ms (median of 5), ${result.pairs.length.toLocaleString('en-US')} assignments, loads within ${loadSpread}`,
    );
  }

  const bench = await startInProcessApp({ postgresUrl: db.url, pool: 10 });
  const { app, base, database } = bench;
  try {
    // A program of its own (Summer Theatre Intensive), so the demo data set's applications do not count.
    const programId = demoProgramId(3);
    const g0 = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into "user" (id, email, name, email_verified)
        select gen_random_uuid(), 'bench-scored-' || n || '@bench.test', 'Bench Applicant ' || n, true
        from generate_series(1, ${applications}) n`);
      await tx.execute(sql`
        insert into "user" (id, email, name, email_verified)
        select gen_random_uuid(), 'bench-judge-' || n || '@bench.test', 'Bench Judge ' || n, true
        from generate_series(1, ${reviewers}) n`);
      await tx.execute(sql`
        insert into profiles (id, full_name, onboarded_at, accepted_terms_at)
        select id, name, now(), now() from "user" where email like 'bench-scored-%' or email like 'bench-judge-%'`);
      await tx.execute(sql`
        insert into assignments (user_id, kind, scope_type, scope_id)
        select id, 'reviewer', 'program', ${programId} from "user" where email like 'bench-judge-%'`);
      await tx.execute(sql`
        insert into applications (program_id, user_id, status, submitted_at)
        select ${programId}, id, 'submitted', now() - (random() * interval '10 days')
        from "user" where email like 'bench-scored-%'`);
      await tx.execute(sql`
        insert into review_conflicts (program_id, application_id, reviewer_id, source)
        select ${programId}, a.id, u.id, 'admin'
        from applications a cross join "user" u
        where a.program_id = ${programId} and u.email like 'bench-judge-%' and random() < ${conflictRate}`);
      await tx.execute(sql`
        insert into program_scoring (program_id, mode, criteria)
        values (${programId}, 'independent', ${JSON.stringify([
          { key: 'tone', name: 'Tone', min: 1, max: 5, weight: 2, counts: true },
          { key: 'rhythm', name: 'Rhythm', min: 0, max: 10, weight: 1, counts: true },
          { key: 'presence', name: 'Presence', min: 1, max: 5, weight: 1, counts: false },
        ])}::jsonb)`);
    });
    await database.db.execute(sql`analyze`);
    const generateSeconds = round((performance.now() - g0) / 1000);
    log(`  data set generated in ${generateSeconds} s`);

    const admin = await demoSignIn(base, 'admin@demo.test');
    const headers = { 'content-type': 'application/json', origin: base, cookie: admin };
    const call = async (method: string, path: string, body?: unknown) => {
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

    // 1b. The whole calls: preview, then apply that plan (N = 2); then N = 3 on top (one more each),
    // so part 2 has 3 sheets per application.
    const preview = await call('POST', `/api/programs/${programId}/auto-assign/preview`, {
      per_application: 2,
    });
    const applied = await call('POST', `/api/programs/${programId}/auto-assign`, {
      per_application: 2,
      plan_hash: preview.json.plan_hash,
    });
    const third = await call('POST', `/api/programs/${programId}/auto-assign`, { per_application: 3 });
    const totals = (applied.json.loads as { total: number }[]).map((l) => l.total);
    const thirdTotals = (third.json.loads as { total: number }[]).map((l) => l.total);
    const report: ScoringBenchReport = {
      applications,
      reviewers,
      conflictRate,
      generateSeconds,
      planner,
      preview: { seconds: round(preview.ms / 1000, 3), statements: preview.statements },
      apply: {
        seconds: round(applied.ms / 1000, 3),
        statements: applied.statements,
        assignments: Number(applied.json.new_assignments),
        loadMin: Math.min(...totals),
        loadMax: Math.max(...totals),
      },
      applyThird: {
        seconds: round(third.ms / 1000, 3),
        assignments: Number(third.json.new_assignments),
        loadMin: Math.min(...thirdTotals),
        loadMax: Math.max(...thirdTotals),
      },
      queue: { endpointP50Ms: 0, rawSqlP50Ms: 0, ratio: 0, rows: 0, statements: 0 },
    };
    log(
      `  preview (load, plan, loads): ${report.preview.seconds} s, ${report.preview.statements} SQL statements`,
    );
    log(
      `  apply N = 2 (load, plan, insert ${report.apply.assignments.toLocaleString('en-US')} sheets): ${report.apply.seconds} s, ${report.apply.statements} statements; loads ${report.apply.loadMin}–${report.apply.loadMax}`,
    );
    log(
      `  then N = 3 over the existing 2 (${report.applyThird.assignments.toLocaleString('en-US')} more): ${report.applyThird.seconds} s; loads ${report.applyThird.loadMin}–${report.applyThird.loadMax}`,
    );

    // 2. Every sheet submitted with random scores, then the queue with aggregates.
    await database.db.execute(sql`
      update score_sheets set status = 'submitted', submitted_at = now(),
        scores = jsonb_build_object('tone', t, 'rhythm', r, 'presence', 3),
        total = round(((2 * (t - 1) / 4.0 + r / 10.0) / 3 * 100)::numeric, 2)
      from (select id as sid, 1 + floor(random() * 5)::int as t, floor(random() * 11)::int as r
        from score_sheets where program_id = ${programId}) g
      where id = g.sid`);
    await database.db.execute(sql`analyze`);
    const [{ id: adminId }] = (
      (await database.db.execute(sql`select id from "user" where email = 'admin@demo.test'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const raw = (
      database.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } }
    ).dialect.sqlToQuery(independentQueueSql(programId, { userId: adminId, admin: true }));
    const runs = { times: 15, warmUp: 3 };
    // The endpoint's work ends with the bytes of its answer (the caller's JSON.parse is not counted).
    const endpoint = await bench.repeat(runs, async () =>
      (await app.request(`${base}/api/review/programs/${programId}/queue`, { headers })).text(),
    );
    const rawSql = await bench.repeat(runs, () => database.pool!.query(raw.sql, raw.params as unknown[]));
    const check = await call('GET', `/api/review/programs/${programId}/queue`);
    report.queue = {
      endpointP50Ms: endpoint.timing.p50Ms,
      rawSqlP50Ms: rawSql.timing.p50Ms,
      ratio: round(endpoint.timing.p50Ms / rawSql.timing.p50Ms),
      rows: (check.json.items as unknown[]).length,
      statements: endpoint.statements,
    };
    log(
      `  program queue with aggregates, ${report.queue.rows.toLocaleString('en-US')} rows × 3 sheets: endpoint ${report.queue.endpointP50Ms} ms (${report.queue.statements} statements) vs raw SQL ${report.queue.rawSqlP50Ms} ms (p50 of 15): ${report.queue.ratio}×`,
    );
    return report;
  } finally {
    await bench.close();
  }
}
