/**
 * Issue 12 item 2: autosave over HTTP with real session cookies, in-process on PostgreSQL.
 * N applicants sign in through the demo sign-in (their own session cookies), onboard and start an
 * application; then alternating closed-loop rounds, each on the same pool and machine:
 *   raw      single-row UPDATE of 2 KB of JSON through pg (the ceiling)
 *   service  saveAnswers called in process (answer rules + the conditional UPDATE; no HTTP, no session)
 *   http     PUT /api/applications/{id}/answers with the applicant's cookie (everything)
 *   me       GET /api/me with the cookie (HTTP + session + actor load, no write)
 *   health   GET /api/health (HTTP floor: Hono, middleware, one trivial statement)
 * "Where the time goes" is read from the differences of their p50s. The load generator (fetch) runs in
 * the same process as the server: its own CPU is part of every HTTP figure.
 */
import pg from 'pg';
import { saveAnswers } from '../src/server/applications/service';
import { systemClock } from '../src/server/clock';
import { demoOrgId } from '../src/server/db/seed/ids';
import type { Actor } from '../src/shared/policy';
import type { ApplicationForm } from '../src/shared/schemas/forms';
import { startInProcessApp } from './inprocess';
import { demoSignIn } from './load';
import type { BenchDatabase } from './postgres';
import { closedLoop, round, sleep, type Timing, timing } from './stats';

const POOL = 20;
const WORKERS = 20;

const form: ApplicationForm = {
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
const answers = (seed: number) => {
  const out: Record<string, string> = {};
  for (let i = 0; i < 10; i++) out[`q_${i}`] = `answer ${seed} `.repeat(17).slice(0, 200);
  return out;
};

export interface AutosaveHttpReport {
  applicants: number;
  rounds: { kind: string; perSecond: number; p50Ms: number; p99Ms: number; errors: number }[];
  median: Record<string, number>;
  httpVsRaw: number;
}

async function signInWithRetry(base: string, email: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await demoSignIn(base, email);
    } catch (err) {
      if (attempt > 120 || !String(err).includes('429')) throw err;
      await sleep(1000); // a sign-in rate limit: wait for its window
    }
  }
}

export async function runAutosaveHttpBench(
  db: BenchDatabase,
  options: { applicants?: number; rounds?: number; seconds?: number; log?: (line: string) => void } = {},
): Promise<AutosaveHttpReport> {
  const n = options.applicants ?? 200;
  const rounds = options.rounds ?? 3;
  const seconds = options.seconds ?? 5;
  const log = options.log ?? (() => {});
  const app = await startInProcessApp({ postgresUrl: db.url, pool: POOL });
  const raw = new pg.Pool({ connectionString: db.url, max: POOL });
  try {
    const { base } = app;
    const {
      rows: [program],
    } = await raw.query(
      `insert into programs (organization_id, name, type, published, published_at, review_status, form)
       values ($1, 'HTTP autosave bench', 'application', true, now(), 'published', $2) returning id`,
      [demoOrgId(1), JSON.stringify(form)],
    );
    const applicants: { cookie: string; appId: string; userId: string; version: number }[] = [];
    for (let i = 0; i < n; i++) {
      const cookie = await signInWithRetry(base, `http-autosave-${i}@bench.test`);
      const headers = { cookie, origin: base, 'content-type': 'application/json' };
      const onboard = await fetch(`${base}/api/me/onboarding`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ accept_terms: true }),
      });
      if (!onboard.ok) throw new Error(`onboarding: ${onboard.status} ${await onboard.text()}`);
      const started = await fetch(`${base}/api/programs/${program.id}/applications`, {
        method: 'POST',
        headers,
      });
      if (!started.ok) throw new Error(`start application: ${started.status} ${await started.text()}`);
      const { id } = (await started.json()) as { id: string };
      const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { id: string };
      applicants.push({ cookie, appId: id, userId: me.id, version: 1 });
    }
    // Rows for the raw ceiling, apart from the applicants' (so neither changes the other's versions).
    const rawIds = (
      await raw.query(
        `with u as (insert into "user" (name, email) select 'Raw ' || g, 'http-raw-' || g || '@bench.test'
           from generate_series(1, $1::int) g returning id)
         insert into applications (program_id, user_id) select $2, id from u returning id`,
        [n, program.id],
      )
    ).rows.map((r: { id: string }) => r.id);
    const payload = JSON.stringify(answers(1));
    const actorOf = (userId: string): Actor => ({
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

    let turn = 0;
    const pick = (w: number, cursor: number[]) => {
      const a = applicants[cursor[w] % applicants.length];
      cursor[w] += WORKERS;
      return a;
    };
    const kinds: Record<string, () => Promise<{ t: Timing; errors: number }>> = {
      raw: async () => {
        const next = Array.from({ length: WORKERS }, (_, w) => w);
        const t = timing(
          await closedLoop(WORKERS, seconds, async (w) => {
            await raw.query(
              'update applications set answers = $1::jsonb, version = version + 1, updated_at = now() where id = $2',
              [payload, rawIds[next[w]++ % rawIds.length]],
            );
            return true;
          }),
        );
        return { t, errors: 0 };
      },
      service: async () => {
        let errors = 0;
        const next = Array.from({ length: WORKERS }, (_, w) => w);
        const t = timing(
          await closedLoop(WORKERS, seconds, async (w) => {
            const a = pick(w, next);
            try {
              const r = await saveAnswers(app.database.db, systemClock, actorOf(a.userId), a.appId, {
                answers: answers(turn++),
                version: a.version,
              });
              a.version = r.version;
              return true;
            } catch {
              errors++;
              return false;
            }
          }),
        );
        return { t, errors };
      },
      http: async () => {
        let errors = 0;
        const next = Array.from({ length: WORKERS }, (_, w) => w);
        const t = timing(
          await closedLoop(WORKERS, seconds, async (w) => {
            const a = pick(w, next);
            const res = await fetch(`${base}/api/applications/${a.appId}/answers`, {
              method: 'PUT',
              headers: { cookie: a.cookie, origin: base, 'content-type': 'application/json' },
              body: JSON.stringify({ answers: answers(turn++), version: a.version }),
            });
            const body = (await res.json()) as { version?: number; current?: { version: number } };
            if (res.ok && body.version) {
              a.version = body.version;
              return true;
            }
            if (body.current) a.version = body.current.version;
            errors++;
            return false;
          }),
        );
        return { t, errors };
      },
      me: async () => {
        let errors = 0;
        const next = Array.from({ length: WORKERS }, (_, w) => w);
        const t = timing(
          await closedLoop(WORKERS, seconds, async (w) => {
            const res = await fetch(`${base}/api/me`, { headers: { cookie: pick(w, next).cookie } });
            await res.arrayBuffer();
            if (!res.ok) errors++;
            return res.ok;
          }),
        );
        return { t, errors };
      },
      health: async () => {
        let errors = 0;
        const t = timing(
          await closedLoop(WORKERS, seconds, async () => {
            const res = await fetch(`${base}/api/health`);
            await res.arrayBuffer();
            if (!res.ok) errors++;
            return res.ok;
          }),
        );
        return { t, errors };
      },
    };
    // Warm every path (JIT, the form cache, prepared statements) before measuring.
    for (const kind of Object.values(kinds)) await kind();
    const results: AutosaveHttpReport['rounds'] = [];
    for (let r = 0; r < rounds; r++) {
      for (const [kind, run] of Object.entries(kinds)) {
        const { t, errors } = await run();
        const row = { kind, perSecond: round(t.n / seconds), p50Ms: t.p50Ms, p99Ms: t.p99Ms, errors };
        results.push(row);
        log(
          `  round ${r + 1} ${kind}: ${row.perSecond}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, errors ${errors}`,
        );
      }
    }
    const median: Record<string, number> = {};
    for (const kind of Object.keys(kinds)) {
      const xs = results
        .filter((x) => x.kind === kind)
        .map((x) => x.perSecond)
        .sort((a, b) => a - b);
      median[kind] = xs[Math.floor(xs.length / 2)];
    }
    const httpVsRaw = round(median.http / median.raw, 3);
    const p50 = (kind: string) => {
      const xs = results
        .filter((x) => x.kind === kind)
        .map((x) => x.p50Ms)
        .sort((a, b) => a - b);
      return xs[Math.floor(xs.length / 2)];
    };
    log(
      `  HTTP autosave ${median.http}/s vs raw UPDATE ${median.raw}/s = ${Math.round(httpVsRaw * 100)} % (${n} signed-in applicants, ${WORKERS} connections)`,
    );
    log(
      `  where the time goes (median p50s): HTTP floor (health) ${p50('health')} ms; session + actor (me − health) ${round(p50('me') - p50('health'))} ms; rules + SQL in the service ${p50('service')} ms, of which the raw UPDATE ${p50('raw')} ms; the whole PUT ${p50('http')} ms`,
    );
    return { applicants: n, rounds: results, median, httpVsRaw };
  } finally {
    await raw.end();
    await app.close();
  }
}
