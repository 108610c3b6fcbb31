/**
 * Issue 12 item 2: autosave over HTTP with real session cookies, on PostgreSQL.
 * The built server runs as a child process (as in production); N applicants sign in through the
 * demo sign-in (their own session cookies), onboard and start an application. Then alternating
 * rounds at the same concurrency, from the runner's process:
 *   raw      single-row UPDATE of 2 KB of JSON through pg (the ceiling)
 *   service  saveAnswers called in the runner (answer rules + the conditional UPDATE; no HTTP, no session)
 *   http     PUT /api/applications/{id}/answers with the applicant's cookie (everything), by autocannon
 *   me       GET /api/me with the cookie (HTTP + session + actor load, no write), by autocannon
 *   health   GET /api/health (HTTP floor: Hono, middleware, one trivial statement), by autocannon
 * "Where the time goes" is read from the differences of their p50s. The load generator shares the
 * machine's two cores with the server and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { saveAnswers } from '../src/server/applications/service';
import { systemClock } from '../src/server/clock';
import { openPostgres } from '../src/server/db/client';
import { demoOrgId } from '../src/server/db/seed/ids';
import type { Actor } from '../src/shared/policy';
import type { ApplicationForm } from '../src/shared/schemas/forms';
import { demoSignIn, load } from './load';
import type { BenchDatabase } from './postgres';
import { freePort, serverEnv, startChild, stopChild, waitReady } from './proc';
import { closedLoop, round, sleep, timing } from './stats';

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

export async function runAutosaveHttpBench(
  db: BenchDatabase,
  root: string,
  options: { applicants?: number; rounds?: number; seconds?: number; log?: (line: string) => void } = {},
): Promise<AutosaveHttpReport> {
  const n = options.applicants ?? 200;
  const rounds = options.rounds ?? 3;
  const seconds = options.seconds ?? 5;
  const log = options.log ?? (() => {});
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-autosave-'));
  // TRUST_PROXY: each applicant signs in from its own X-Forwarded-For address, so the sign-in rate
  // limit (30 a minute per address) does not make setting up 200 sessions take minutes.
  const env = serverEnv(port, dataDir, db.url, { TRUST_PROXY: '1' });
  const server = startChild('autosave server', ['dist/server/index.js'], env, root);
  const raw = new pg.Pool({ connectionString: db.url, max: POOL });
  let service: Awaited<ReturnType<typeof openPostgres>> | null = null;
  try {
    await waitReady(server, `${base}/api/health`, 120_000);
    service = await openPostgres(db.url, POOL);
    const {
      rows: [program],
    } = await raw.query(
      `insert into programs (organization_id, name, type, published, published_at, review_status, form)
       values ($1, 'HTTP autosave bench', 'application', true, now(), 'published', $2) returning id`,
      [demoOrgId(1), JSON.stringify(form)],
    );
    const applicants: { cookie: string; appId: string; userId: string; version: number }[] = [];
    for (let i = 0; i < n; i++) {
      const cookie = await demoSignIn(base, `http-autosave-${i}@bench.test`, {
        'x-forwarded-for': `10.0.${i >> 8}.${i & 255}`,
      });
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
    /** Versions as stored: a request cut off at the end of a round may have saved unseen. */
    const refreshVersions = async () => {
      await sleep(500); // the server finishes the requests a round's end cut off
      const { rows } = await raw.query('select id, version from applications where id = any($1::uuid[])', [
        applicants.map((a) => a.appId),
      ]);
      const byId = new Map(rows.map((r: { id: string; version: number }) => [r.id, r.version]));
      for (const a of applicants) a.version = byId.get(a.appId) ?? a.version;
    };

    let turn = 0;
    const db2 = service.db;
    type Round = { perSecond: number; p50Ms: number; p99Ms: number; errors: number };
    const closed = async (step: (w: number) => Promise<boolean>): Promise<Round> => {
      let errors = 0;
      const samples = await closedLoop(WORKERS, seconds, async (w) => {
        const ok = await step(w).catch(() => false);
        if (!ok) errors++;
        return ok;
      });
      const { p50Ms, p99Ms } = timing(samples);
      return { perSecond: round(samples.length / seconds), p50Ms, p99Ms, errors };
    };
    const driven = async (url: string, requests?: Parameters<typeof load>[0]['requests']): Promise<Round> => {
      const r = await load({
        target: 'autosave',
        endpoint: url,
        url,
        connections: WORKERS,
        seconds,
        requests,
      });
      return { perSecond: r.rps, p50Ms: r.p50Ms, p99Ms: r.p99Ms, errors: r.non2xx + r.errors + r.timeouts };
    };
    /** Each connection takes an applicant nobody else is saving, and gives it back with its new version. */
    const rotating = (build: (a: (typeof applicants)[number]) => Record<string, unknown>) => {
      const free = applicants.map((_, i) => i);
      return [
        {
          setupRequest: (req: object, ctx: Record<string, unknown>) => {
            const i = free.shift() as number;
            ctx.i = i;
            return { ...req, ...build(applicants[i]) };
          },
          onResponse: (status: number, body: string, ctx: Record<string, unknown>) => {
            const a = applicants[ctx.i as number];
            if (status === 200) a.version = (JSON.parse(body) as { version?: number }).version ?? a.version;
            free.push(ctx.i as number);
          },
        },
      ];
    };
    const kinds: Record<string, () => Promise<Round>> = {
      raw: () => {
        const next = Array.from({ length: WORKERS }, (_, w) => w);
        return closed(async (w) => {
          await raw.query(
            'update applications set answers = $1::jsonb, version = version + 1, updated_at = now() where id = $2',
            [payload, rawIds[next[w]++ % rawIds.length]],
          );
          return true;
        });
      },
      service: async () => {
        await refreshVersions();
        const next = Array.from({ length: WORKERS }, (_, w) => w);
        return closed(async (w) => {
          const a = applicants[next[w] % applicants.length];
          next[w] += WORKERS;
          const r = await saveAnswers(db2, systemClock, actorOf(a.userId), a.appId, {
            answers: answers(turn++),
            version: a.version,
          });
          a.version = r.version;
          return true;
        });
      },
      http: async () => {
        await refreshVersions();
        return driven(
          base,
          rotating((a) => ({
            method: 'PUT',
            path: `/api/applications/${a.appId}/answers`,
            headers: { cookie: a.cookie, origin: base, 'content-type': 'application/json' },
            body: JSON.stringify({ answers: answers(turn++), version: a.version }),
          })),
        );
      },
      me: () =>
        driven(
          base,
          rotating((a) => ({ method: 'GET', path: '/api/me', headers: { cookie: a.cookie } })),
        ),
      health: () => driven(`${base}/api/health`),
    };
    // Warm every path (JIT, the form cache, prepared statements) before measuring.
    for (const kind of Object.values(kinds)) await kind();
    const results: AutosaveHttpReport['rounds'] = [];
    for (let r = 0; r < rounds; r++) {
      for (const [kind, run] of Object.entries(kinds)) {
        const row = { kind, ...(await run()) };
        results.push(row);
        log(
          `  round ${r + 1} ${kind}: ${row.perSecond}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, errors ${row.errors}`,
        );
      }
    }
    const medianOf = (kind: string, field: 'perSecond' | 'p50Ms') => {
      const xs = results
        .filter((x) => x.kind === kind)
        .map((x) => x[field])
        .sort((a, b) => a - b);
      return xs[Math.floor(xs.length / 2)];
    };
    const median: Record<string, number> = {};
    for (const kind of Object.keys(kinds)) median[kind] = medianOf(kind, 'perSecond');
    const httpVsRaw = round(median.http / median.raw, 3);
    const p50 = (kind: string) => medianOf(kind, 'p50Ms');
    log(
      `  HTTP autosave ${median.http}/s vs raw UPDATE ${median.raw}/s = ${Math.round(httpVsRaw * 100)} % (${n} signed-in applicants, ${WORKERS} connections)`,
    );
    log(
      `  where the time goes (median p50s): HTTP floor (health) ${p50('health')} ms; session + actor as a statement of its own (me − health) ${round(p50('me') - p50('health'))} ms, which the autosave does not pay (its write checks the session, decision 031); rules + SQL in the service ${p50('service')} ms, of which the raw UPDATE ${p50('raw')} ms; the whole PUT ${p50('http')} ms`,
    );
    return { applicants: n, rounds: results, median, httpVsRaw };
  } finally {
    await raw.end();
    await service?.close();
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
