/**
 * Issue 4 figures on PostgreSQL:
 * - a deadline rush: N applicants (100, 1,000, 5,000) each autosaving ~2 KB of answers every 10 s
 *   and submitting once inside the recorded window (after an unrecorded 2 s ramp), driven through the applications service (the same code
 *   the routes call: access check, row lock, answer rules, version check, write) on a pool of 20;
 *   beside raw single-row UPDATEs of the same rows through `pg` on the same pool size;
 * - the All Programs endpoint (GET /api/programs?limit=100, through the Hono app) with 10,000 and
 *   100,000 published programs: p50 and SQL statements per request.
 * Sessions and HTTP parsing are left out of the rush (they are measured by the HTTP benches).
 */
import pg from 'pg';
import { saveAnswers, submitApplication } from '../src/server/applications/service';
import { systemClock } from '../src/server/clock';
import { demoOrgId } from '../src/server/db/seed/ids';
import type { Actor } from '../src/shared/policy';
import type { ApplicationForm } from '../src/shared/schemas/forms';
import { openBenchDb, serveApp } from './inprocess';
import type { BenchDatabase } from './postgres';
import { closedLoop, round, sleep, timing } from './stats';

/** The bench's forms have no conditions, so a submit never removes files. */
const noFiles = { delete: async () => {} };

export interface RushRow {
  applicants: number;
  seconds: number;
  autosaves: number;
  autosavesPerSecond: number;
  submits: number;
  submitsPerSecond: number;
  saveP50Ms: number;
  saveP99Ms: number;
  submitP50Ms: number;
  submitP99Ms: number;
  errors: number;
  conflicts: number;
}
export interface ApplicationsBenchReport {
  rush: RushRow[];
  rawUpdate: {
    workers: number;
    seconds: number;
    updates: number;
    perSecond: number;
    p50Ms: number;
    p99Ms: number;
  };
  /** Closed-loop autosaves through the service against raw UPDATEs, alternating rounds in one run. */
  serviceVsRaw: {
    rounds: number;
    rawPerSecond: number[];
    servicePerSecond: number[];
    ratio: number;
    serviceP50Ms: number;
    serviceP99Ms: number;
    errors: number;
  } | null;
  allPrograms: { programs: number; p50Ms: number; p99Ms: number; statementsPerRequest: number }[];
}

const POOL = 20;
const SAVE_EVERY_MS = 10_000;
/** Unrecorded start of each rush: the applicants' loops start and the first saves warm the pool. */
const RAMP_MS = 2_000;

/** Ten text questions: ~2 KB of answers in all. */
const rushForm: ApplicationForm = {
  questions: Array.from({ length: 10 }, (_, i) => ({
    key: `q_${i}`,
    type: i % 2 ? ('long_text' as const) : ('short_text' as const),
    label: `Question ${i + 1}`,
    required: i < 3,
    ...(i % 2 ? { maxWords: 300 } : { maxLength: 400 }),
  })),
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
};

function answers(seed: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < 10; i++) out[`q_${i}`] = `answer ${seed} `.repeat(17).slice(0, 200);
  return out;
}

const actorFor = (userId: string): Actor => ({
  userId,
  email: `${userId}@bench.test`,
  role: 'applicant',
  deleted: false,
  onboarded: true,
  orgAdmin: [],
  coalitionManager: [],
  reviewerOrgs: [],
  reviewerPrograms: [],
  programAdmin: [],
});

export async function runApplicationsBench(
  db: BenchDatabase,
  options: { sizes?: number[]; rushSeconds?: number; log?: (line: string) => void } = {},
): Promise<ApplicationsBenchReport> {
  const sizes = options.sizes ?? [100, 1000, 5000];
  const rushSeconds = options.rushSeconds ?? 20;
  const log = options.log ?? (() => {});
  const bench = await openBenchDb({ postgresUrl: db.url, pool: POOL });
  const { database } = bench;
  const raw = new pg.Pool({ connectionString: db.url, max: POOL });
  try {
    const org = demoOrgId(1);
    const rush: RushRow[] = [];
    let rawUpdate: ApplicationsBenchReport['rawUpdate'] | null = null;
    let serviceVsRaw: ApplicationsBenchReport['serviceVsRaw'] = null;

    for (const n of sizes) {
      // One open program per round, n applicants with a draft each (bulk SQL: setup is not measured).
      const {
        rows: [program],
      } = await raw.query(
        `insert into programs (organization_id, name, type, published, published_at, review_status, form)
         values ($1, $2, 'application', true, now(), 'published', $3) returning id`,
        [org, `Deadline rush ${n}`, JSON.stringify(rushForm)],
      );
      const { rows } = await raw.query(
        `with u as (
           insert into "user" (name, email)
           select 'Rush ' || g, 'rush-' || $2::text || '-' || g || '@bench.test' from generate_series(1, $1::int) g
           returning id),
         p as (insert into profiles (id, onboarded_at) select id, now() from u returning id)
         insert into applications (program_id, user_id) select $3, id from p returning id, user_id`,
        [n, `${n}-${Date.now()}`, program.id],
      );
      const apps = rows as { id: string; user_id: string }[];

      const saveLat: number[] = [];
      const submitLat: number[] = [];
      let errors = 0;
      let conflicts = 0;
      // The first RAMP_MS are not recorded: 5,000 loops start and the pool warms; then rushSeconds are.
      const started = performance.now();
      const recordFrom = started + RAMP_MS;
      const end = recordFrom + rushSeconds * 1000;
      await Promise.all(
        apps.map(async (a, i) => {
          const actor = actorFor(a.user_id);
          let version = 1;
          // Spread over the first interval; submit once at a random moment of the window.
          let next = started + (i / apps.length) * SAVE_EVERY_MS;
          const submitAt = recordFrom + Math.random() * rushSeconds * 1000;
          let submitted = false;
          let turn = 0;
          while (true) {
            const due = Math.min(next, submitted ? Number.POSITIVE_INFINITY : submitAt);
            if (due >= end) break;
            await sleep(Math.max(0, due - performance.now()));
            const body = { answers: answers(turn++), version };
            const t0 = performance.now();
            try {
              if (!submitted && due === submitAt) {
                const r = await submitApplication(database.db, systemClock, noFiles, actor, a.id, body);
                if (t0 >= recordFrom) submitLat.push(performance.now() - t0);
                version = r.version;
                submitted = true;
              } else {
                const r = await saveAnswers(database.db, systemClock, actor, a.id, body);
                if (t0 >= recordFrom) saveLat.push(performance.now() - t0);
                version = r.version;
                next += SAVE_EVERY_MS;
              }
            } catch (err) {
              const current = (err as { current?: { version: number } }).current;
              if (current) {
                conflicts++;
                version = current.version;
              } else errors++;
              if (due !== submitAt) next += SAVE_EVERY_MS;
            }
          }
        }),
      );
      const seconds = (performance.now() - recordFrom) / 1000;
      const save = timing(saveLat);
      const submit = timing(submitLat);
      const row: RushRow = {
        applicants: n,
        seconds: round(seconds),
        autosaves: save.n,
        autosavesPerSecond: round(save.n / seconds),
        submits: submit.n,
        submitsPerSecond: round(submit.n / seconds),
        saveP50Ms: save.p50Ms,
        saveP99Ms: save.p99Ms,
        submitP50Ms: submit.p50Ms,
        submitP99Ms: submit.p99Ms,
        errors,
        conflicts,
      };
      rush.push(row);
      log(
        `  rush ${n} applicants, ${row.seconds} s: ${row.autosavesPerSecond} autosaves/s (p50 ${row.saveP50Ms} ms, p99 ${row.saveP99Ms} ms), ${row.submitsPerSecond} submits/s (p50 ${row.submitP50Ms} ms, p99 ${row.submitP99Ms} ms), errors ${errors}, 409s ${conflicts}`,
      );

      if (n === sizes[sizes.length - 1]) {
        // Throughput: alternating rounds of raw single-row UPDATEs of 2 KB of JSON through pg and of
        // the service's autosave (every rule), each closed loop on POOL workers, on disjoint halves of
        // the rows so neither changes the other's versions. Same run, same machine noise.
        const rounds = Number(process.env.BENCH_RUSH_ROUNDS || 3);
        const roundSeconds = 5;
        const half = Math.floor(apps.length / 2);
        const rawRows = apps.slice(0, half);
        const serviceRows = apps.slice(half);
        const versions = new Map<string, number>();
        for (const r of (
          await raw.query('select id, version from applications where id = any($1::uuid[])', [
            serviceRows.map((a) => a.id),
          ])
        ).rows as { id: string; version: number }[])
          versions.set(r.id, r.version);
        const payload = JSON.stringify(answers(1));
        const rawLoop = async () => {
          const next = Array.from({ length: POOL }, (_, w) => w);
          return timing(
            await closedLoop(POOL, roundSeconds, async (w) => {
              await raw.query(
                'update applications set answers = $1::jsonb, version = version + 1, updated_at = now() where id = $2',
                [payload, rawRows[next[w] % rawRows.length].id],
              );
              next[w] += POOL;
              return true;
            }),
          );
        };
        let serviceErrors = 0;
        const serviceLoop = async () => {
          const next = Array.from({ length: POOL }, (_, w) => w);
          return timing(
            await closedLoop(POOL, roundSeconds, async (w) => {
              const a = serviceRows[next[w] % serviceRows.length];
              next[w] += POOL;
              try {
                const r = await saveAnswers(database.db, systemClock, actorFor(a.user_id), a.id, {
                  answers: answers(next[w]),
                  version: versions.get(a.id) ?? 1,
                });
                versions.set(a.id, r.version);
                return true;
              } catch (err) {
                const current = (err as { current?: { version: number } }).current;
                if (current) versions.set(a.id, current.version);
                serviceErrors++;
                return false;
              }
            }),
          );
        };
        const rawRounds: number[] = [];
        const serviceRounds: number[] = [];
        let rawLast = timing([]);
        let serviceLast = timing([]);
        for (let r = 0; r < rounds; r++) {
          rawLast = await rawLoop();
          rawRounds.push(round(rawLast.n / roundSeconds));
          serviceLast = await serviceLoop();
          serviceRounds.push(round(serviceLast.n / roundSeconds));
          log(
            `  round ${r + 1}: raw UPDATE ${rawRounds[r]}/s (p50 ${rawLast.p50Ms} ms, p99 ${rawLast.p99Ms} ms) · service autosave ${serviceRounds[r]}/s (p50 ${serviceLast.p50Ms} ms, p99 ${serviceLast.p99Ms} ms)`,
          );
        }
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        rawUpdate = {
          workers: POOL,
          seconds: roundSeconds,
          updates: rawLast.n,
          perSecond: median(rawRounds),
          p50Ms: rawLast.p50Ms,
          p99Ms: rawLast.p99Ms,
        };
        serviceVsRaw = {
          rounds,
          rawPerSecond: rawRounds,
          servicePerSecond: serviceRounds,
          ratio: round(median(serviceRounds) / median(rawRounds), 3),
          serviceP50Ms: serviceLast.p50Ms,
          serviceP99Ms: serviceLast.p99Ms,
          errors: serviceErrors,
        };
        log(
          `  autosave service / raw UPDATE (median of ${rounds} alternating rounds, ${POOL} workers): ${median(serviceRounds)}/s / ${median(rawRounds)}/s = ${Math.round(serviceVsRaw.ratio * 100)} %, service errors ${serviceErrors}`,
        );
      }
    }

    // All Programs with 10,000 and then 100,000 published programs.
    const { app, base, stop } = await serveApp(bench);
    const allPrograms: ApplicationsBenchReport['allPrograms'] = [];
    try {
      for (const total of process.env.BENCH_ALL_PROGRAMS === '0' ? [] : [10_000, 100_000]) {
        const { rows } = await raw.query('select count(*)::int as n from programs where published');
        const missing = total - rows[0].n;
        if (missing > 0)
          await raw.query(
            `insert into programs (organization_id, name, type, description, published, published_at, review_status, form)
             select $1, 'Bench program ' || g, 'audition', 'A program for the list benchmark', true,
                    now() - (g || ' seconds')::interval, 'published', '{"questions":[]}'::jsonb
             from generate_series(1, $2::int) g`,
            [org, missing],
          );
        await raw.query('analyze programs');
        const { timing: t, statements: perRequest } = await bench.repeat(
          { times: 50, warmUp: 10 },
          async () => {
            const res = await app.request(`${base}/api/programs?limit=100`);
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`GET /api/programs: ${res.status}`);
          },
        );
        const row = { programs: total, p50Ms: t.p50Ms, p99Ms: t.p99Ms, statementsPerRequest: perRequest };
        allPrograms.push(row);
        log(
          `  All Programs (GET /api/programs?limit=100) with ${total.toLocaleString('en')} programs: p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${perRequest} SQL statements per request`,
        );
      }
    } finally {
      await stop();
    }
    return { rush, rawUpdate: rawUpdate!, serviceVsRaw, allPrograms };
  } finally {
    await raw.end();
    await bench.close();
  }
}
