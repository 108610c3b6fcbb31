/**
 * The CPU cost of logging and metrics per request, measured in the runner's own process (issue 22):
 * the Hono app on a PostgreSQL bench database, called through `app.request` (no HTTP parsing, no load
 * generator in the way), 8 requests at a time, in interleaved rounds. Each round's CPU time
 * (`process.cpuUsage`, user + system) per request, for:
 * - on: LOG_LEVEL=info, a line per request (JSON, written to /dev/null asynchronously, as the server
 *   writes standard output), metrics observed;
 * - off: the logger at silent, no metrics; and "off, again": the same, measured as a variant of its
 *   own, so the spread between two identical variants shows what this method cannot tell apart;
 * - logging only, metrics only;
 * - on, sync writes: as "on" with each line written synchronously (the server before decision 039's
 *   amendment of 27 November 2026).
 * The denominator lacks the HTTP server's own work, so the percentages are upper bounds of the real
 * request's. Never asserts timings.
 */
import pino from 'pino';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { createLogger, logger, setLogger } from '../src/server/log/logger';
import { createMetrics } from '../src/server/metrics/metrics';
import { createNotifier } from '../src/server/realtime/notifier';
import { createStorage } from '../src/server/storage';
import { openBenchDb } from './inprocess';
import type { BenchDatabase } from './postgres';
import { round } from './stats';

export interface RequestCpuReport {
  rounds: number;
  requestsPerRound: number;
  /** Median CPU µs per request over the rounds, per variant, with the range. */
  variants: { variant: string; medianUs: number; minUs: number; maxUs: number }[];
  /**
   * Median over rounds of (variant − off) / off, in %, with the range; and `totalPct`, the variant's
   * CPU over all its rounds against off's over all of off's (the steadier figure).
   */
  costs: { variant: string; medianPct: number; minPct: number; maxPct: number; totalPct: number }[];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function runRequestCpuBench(
  db: BenchDatabase,
  opts: { rounds: number; requestsPerRound: number; log: (line: string) => void },
): Promise<RequestCpuReport> {
  const { log } = opts;
  const bench = await openBenchDb({ postgresUrl: db.url, pool: 10 });
  const before = logger();
  const config = loadConfig({
    PORT: '3999',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATA_DIR: '/tmp/applyhub-bench-unused',
    LOG_REQUESTS: '1',
    NODE_ENV: 'development',
  });
  const notifier = createNotifier(bench.database);
  await notifier.start();
  const metrics = createMetrics({ database: bench.database });
  try {
    const deps = {
      config,
      database: bench.database,
      db: bench.database.db,
      auth: createAuth({ config, db: bench.database.db }),
      clock: systemClock,
      notifier,
      storage: await createStorage(config),
    };
    const measured = createApp(deps, { observers: [metrics.observeRequest] });
    const plain = createApp(deps);
    const base = 'http://127.0.0.1:3999';
    setLogger(createLogger({ level: 'silent' }));
    const signIn = await plain.request(`${base}/api/demo/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'admin@demo.test' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (signIn.status !== 200 || !cookie.includes('session_token'))
      throw new Error(`Demo sign-in answered ${signIn.status}`);

    const devNull = (sync = false) => pino.destination({ dest: '/dev/null', sync });
    const on = () => createLogger({ level: 'info', destination: devNull() });
    const silent = () => createLogger({ level: 'silent', destination: devNull() });
    const variants = [
      { variant: 'off', app: plain, log: silent() },
      { variant: 'off, again', app: plain, log: silent() },
      { variant: 'on', app: measured, log: on() },
      { variant: 'logging only', app: plain, log: on() },
      { variant: 'metrics only', app: measured, log: silent() },
      {
        variant: 'on, sync writes (before)',
        app: measured,
        log: createLogger({ level: 'info', destination: devNull(true) }),
      },
    ];
    const url = `${base}/api/me/capabilities`;
    const runRound = async (app: typeof plain, n: number) => {
      let next = 0;
      let failed = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next++ < n) {
            const res = await app.request(url, { headers: { cookie } });
            await res.arrayBuffer();
            if (res.status !== 200) failed++;
          }
        }),
      );
      if (failed) throw new Error(`${failed} of ${n} requests failed`);
    };
    // Warm-up: every variant, unrecorded.
    for (const v of variants) {
      setLogger(v.log);
      await runRound(v.app, 1000);
    }
    const samples = new Map<string, number[]>(variants.map((v) => [v.variant, []]));
    for (let pass = 0; pass < opts.rounds; pass++) {
      // Each round starts at another variant, forwards then backwards: a drift falls on all alike.
      const start = pass % variants.length;
      const rotated = [...variants.slice(start), ...variants.slice(0, start)];
      const order = pass % 2 === 0 ? rotated : rotated.reverse();
      for (const v of order) {
        setLogger(v.log);
        const cpu = process.cpuUsage();
        await runRound(v.app, opts.requestsPerRound);
        const used = process.cpuUsage(cpu);
        samples.get(v.variant)?.push((used.user + used.system) / opts.requestsPerRound);
      }
    }
    const off = samples.get('off') ?? [];
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const report: RequestCpuReport = {
      rounds: opts.rounds,
      requestsPerRound: opts.requestsPerRound,
      variants: variants.map(({ variant }) => {
        const s = samples.get(variant) ?? [];
        return {
          variant,
          medianUs: round(median(s), 1),
          minUs: round(Math.min(...s), 1),
          maxUs: round(Math.max(...s), 1),
        };
      }),
      costs: variants
        .filter((v) => v.variant !== 'off')
        .map(({ variant }) => {
          const mine = samples.get(variant) ?? [];
          const pct = mine.map((x, i) => ((x - off[i]) / off[i]) * 100);
          return {
            variant,
            totalPct: round(((sum(mine) - sum(off)) / sum(off)) * 100, 1),
            medianPct: round(median(pct), 1),
            minPct: round(Math.min(...pct), 1),
            maxPct: round(Math.max(...pct), 1),
          };
        }),
    };
    log(
      `  in-process GET /api/me/capabilities, ${opts.rounds} rounds × ${opts.requestsPerRound} requests (8 at a time): CPU µs per request, median [range]`,
    );
    for (const v of report.variants) log(`  ${v.variant.padEnd(26)} ${v.medianUs} [${v.minUs}–${v.maxUs}]`);
    for (const c of report.costs)
      log(
        `  cost of "${c.variant}" over off: ${c.totalPct} % over all rounds; median ${c.medianPct} % per round [${c.minPct} … ${c.maxPct}]`,
      );
    return report;
  } finally {
    setLogger(before);
    metrics.stop();
    await notifier.stop();
    await bench.close();
  }
}
