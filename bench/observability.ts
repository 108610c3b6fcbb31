/**
 * The cost of logging and metrics on the request path (issue 22), on PostgreSQL: two built servers
 * side by side, (A) LOG_LEVEL=info with one JSON line per request and metrics on (METRICS_TOKEN), and
 * (B) LOG_LEVEL=silent with metrics off, each on its own fresh bench database. The same signed-in
 * reads are driven against both, interleaved (A B, then B A, … for several rounds) so that the noise
 * of a shared machine falls on both alike; it prints the median and spread of each cell, the median of
 * the per-round A/B ratios, and the load average. On server A it also compares the same org read made
 * with an API token (Authorization: Bearer) and with the session cookie. Never asserts timings.
 */

import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createLogger, inRequest } from '../src/server/log/logger';
import { demoSignIn, type LoadResult, load, warmUp } from './load';
import type { BenchDatabase } from './postgres';
import { type Child, freePort, serverEnv, startChild, stopChild, waitReady } from './proc';
import { ms, round } from './stats';

export interface ObservabilityOptions {
  rounds: number;
  seconds: number;
  connections: number;
  workers: number;
  /** Also servers L (logging only) and M (metrics only), on the capabilities read. */
  split: boolean;
  /**
   * Also server B2, configured as B: the A/A control. Its difference from B on the capabilities read is
   * what this method cannot tell apart from nothing.
   */
  control: boolean;
  log: (line: string) => void;
}

export interface CellSummary {
  cell: string;
  rps: { median: number; min: number; max: number };
  p99Ms: { median: number; min: number; max: number };
  /** The server's CPU time (user + system, its workers included) per request answered, in µs. */
  cpuUsPerRequest: { median: number; min: number; max: number };
  non2xx: number;
  errors: number;
}

export interface ObservabilityReport {
  rounds: number;
  seconds: number;
  connections: number;
  workers: number;
  cells: CellSummary[];
  /** Median over rounds of (B rps − A rps) / B rps, in %, per compared pair; and its range. */
  costs: { pair: string; medianPct: number; minPct: number; maxPct: number }[];
  /** The same, from the server's CPU time per request (steadier than throughput on a busy machine). */
  cpuCosts: { pair: string; medianPct: number; minPct: number; maxPct: number }[];
  loadAverage: { median: number; min: number; max: number };
  /** Bytes of request log server A wrote, per request it answered. */
  logBytesPerRequest: number | null;
  metricsSample: string | null;
  /**
   * In the runner's process: µs per request log line of the product's logger (as the server writes:
   * asynchronously), of the same logger writing synchronously, of plain pino, and at silent.
   */
  lineMicros: { product: number; productSync: number; plainPino: number; silent: number };
}

/**
 * The CPU time of one request's log line (inside a request context, so with its request and user
 * ids), written to /dev/null: the product's logger writing asynchronously (as the server does; the
 * write system calls then happen off the line, batched) and synchronously, plain pino (synchronously),
 * and the logger at silent. The best of 3 runs of 100,000 lines each, so a busy machine inflates it less.
 */
export function loggerLineMicros(): ObservabilityReport['lineMicros'] {
  const line = { method: 'GET', route: '/api/me/capabilities', status: 200, ms: 1.3 };
  const devNull = (sync = true) => pino.destination({ dest: '/dev/null', sync });
  const time = (log: pino.Logger) => {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      for (let i = 0; i < 100_000; i++) {
        inRequest({ requestId: randomUUID(), userId: 'u_0123456789' }, () => log.info(line, 'request'));
      }
      best = Math.min(best, ((performance.now() - started) * 1000) / 100_000);
    }
    return round(best);
  };
  return {
    product: time(createLogger({ level: 'info', destination: devNull(false) })),
    productSync: time(createLogger({ level: 'info', destination: devNull() })),
    plainPino: time(pino({ timestamp: pino.stdTimeFunctions.isoTime }, devNull())),
    silent: time(createLogger({ level: 'silent', destination: devNull() })),
  };
}

const ORG = 'riverside-arts';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

interface Server {
  name: string;
  base: string;
  child: Child;
  dataDir: string;
  logFile: string;
  cookie: string;
}

async function startServer(
  name: string,
  root: string,
  db: BenchDatabase,
  extra: NodeJS.ProcessEnv,
  workers: number,
): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-obsbench-'));
  const logFile = path.join(dataDir, 'server.log');
  const fd = openSync(logFile, 'a');
  const env = serverEnv(port, dataDir, db.url, {
    WORKERS: String(workers),
    LOG_FORMAT: 'json',
    LOG_REQUESTS: '1',
    // The token's own rate budget (600 a minute by default) would cap the bench, not the server.
    API_TOKEN_RATE_LIMIT: '1000000',
    ...extra,
  });
  if (!extra.METRICS_TOKEN) delete env.METRICS_TOKEN;
  delete env.METRICS_PORT;
  const child = startChild(name, ['dist/server/index.js'], env, root, fd);
  closeSync(fd);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, `${base}/api/health`, 120_000);
  const cookie = await demoSignIn(base, 'admin@demo.test');
  return { name, base, child, dataDir, logFile, cookie };
}

/** A read token of Riverside Arts, created through the API as its org admin. */
async function createReadToken(server: Server): Promise<string> {
  const res = await fetch(`${server.base}/api/orgs/${ORG}/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, cookie: server.cookie },
    body: JSON.stringify({ name: 'Bench reader', scope: 'read' }),
  });
  const body = (await res.json()) as { secret?: string };
  if (res.status !== 200 || !body.secret)
    throw new Error(`Creating an API token answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.secret;
}

async function expect200(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU seconds (user + system) of a process and its direct children (cluster workers), from /proc. */
function cpuSeconds(pid: number): number {
  const ticks = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children file: count the process alone
  }
  return [pid, ...children].reduce((sum, p) => sum + ticks(p), 0) / TICKS_PER_SECOND;
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: round(median(sorted)), min: sorted[0], max: sorted[sorted.length - 1] };
};

/** Median of an even count is the mean of the two middle values (a fairer midpoint for few rounds). */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function runObservabilityBench(
  /** Two databases, two more with `split` (servers L and M), one more with `control` (server B2). */
  dbs: BenchDatabase[],
  root: string,
  opts: ObservabilityOptions,
): Promise<ObservabilityReport> {
  const { log } = opts;
  const servers: Server[] = [];
  try {
    // One after the other: each runs its migrations and the demo seed on its own database.
    const on = await startServer(
      'observability on',
      root,
      dbs[0],
      { LOG_LEVEL: 'info', METRICS_TOKEN },
      opts.workers,
    );
    servers.push(on);
    const off = await startServer('observability off', root, dbs[1], { LOG_LEVEL: 'silent' }, opts.workers);
    servers.push(off);
    const split: { cell: string; server: Server }[] = [];
    if (opts.split) {
      const logsOnly = await startServer('logging only', root, dbs[2], { LOG_LEVEL: 'info' }, opts.workers);
      servers.push(logsOnly);
      const metricsOnly = await startServer(
        'metrics only',
        root,
        dbs[3],
        { LOG_LEVEL: 'silent', METRICS_TOKEN },
        opts.workers,
      );
      servers.push(metricsOnly);
      split.push(
        { cell: 'L capabilities (cookie)', server: logsOnly },
        { cell: 'M capabilities (cookie)', server: metricsOnly },
      );
    }
    if (opts.control) {
      const again = await startServer(
        'observability off, again',
        root,
        dbs[opts.split ? 4 : 2],
        { LOG_LEVEL: 'silent' },
        opts.workers,
      );
      servers.push(again);
      split.push({ cell: 'B2 capabilities (cookie)', server: again });
    }
    const token = await createReadToken(on);
    const caps = (s: Server) => ({ url: `${s.base}/api/me/capabilities`, headers: { cookie: s.cookie } });
    const settings = (s: Server) => ({
      url: `${s.base}/api/orgs/${ORG}/settings`,
      headers: { cookie: s.cookie },
    });
    const cells = [
      { cell: 'A capabilities (cookie)', ...caps(on) },
      { cell: 'B capabilities (cookie)', ...caps(off) },
      { cell: 'A org settings (cookie)', ...settings(on) },
      { cell: 'B org settings (cookie)', ...settings(off) },
      ...split.map(({ cell, server }) => ({ cell, ...caps(server) })),
      {
        cell: 'A org settings (token)',
        url: `${on.base}/api/orgs/${ORG}/settings`,
        headers: { authorization: `Bearer ${token}` },
      },
    ];
    for (const c of cells) await expect200(c.url, c.headers);
    log(
      `  A: LOG_LEVEL=info, LOG_FORMAT=json, a line per request to a file, METRICS_TOKEN set; B: LOG_LEVEL=silent, no metrics; WORKERS=${opts.workers}`,
    );
    for (const c of cells) await warmUp(c.url, 2, c.headers);

    const results = new Map<string, LoadResult[]>(cells.map((c) => [c.cell, []]));
    const cpu = new Map<string, number[]>(cells.map((c) => [c.cell, []]));
    const serverOf = (cell: string) =>
      cell.startsWith('A ')
        ? on
        : cell.startsWith('B ')
          ? off
          : (split.find((x) => x.cell === cell)?.server ?? off);
    const pidOf = (cell: string) => serverOf(cell).child.proc.pid ?? 0;
    const loads: number[] = [];
    let answeredByA = 0;
    const logStart = statSync(on.logFile).size;
    for (let pass = 0; pass < opts.rounds; pass++) {
      // A B … then B A …: a drift of the machine's load over a round falls on both alike.
      const order = pass % 2 === 0 ? cells : [...cells].reverse();
      const line: string[] = [];
      for (const c of order) {
        loads.push(os.loadavg()[0]);
        const cpuBefore = cpuSeconds(pidOf(c.cell));
        const r = await load({
          target: 'observability',
          endpoint: c.cell,
          url: c.url,
          headers: c.headers,
          connections: opts.connections,
          seconds: opts.seconds,
        });
        results.get(c.cell)?.push(r);
        cpu
          .get(c.cell)
          ?.push(round(((cpuSeconds(pidOf(c.cell)) - cpuBefore) * 1e6) / Math.max(1, r.requests), 0));
        if (c.cell.startsWith('A ')) answeredByA += r.requests;
        line.push(
          `${c.cell.split(' (')[0].replace(' org settings', ' settings')}${c.cell.includes('token') ? '/token' : ''} ${r.rps}`,
        );
      }
      log(`  round ${pass + 1}/${opts.rounds}: ${line.join(', ')} req/s; load ${os.loadavg()[0].toFixed(2)}`);
    }
    const logBytes = statSync(on.logFile).size - logStart;

    const metricsRes = await fetch(`${on.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const metricsText = await metricsRes.text();
    const sample =
      metricsText
        .split('\n')
        .find((l) => l.startsWith('applyhub_http_requests_total') && l.includes('/api/me/capabilities')) ??
      null;
    if (metricsRes.status !== 200 || !sample)
      log(`  WARNING: /metrics on server A answered ${metricsRes.status} without the capabilities counter`);

    const summaries: CellSummary[] = cells.map(({ cell }) => {
      const rs = results.get(cell) ?? [];
      return {
        cell,
        rps: spread(rs.map((r) => r.rps)),
        p99Ms: spread(rs.map((r) => r.p99Ms)),
        cpuUsPerRequest: spread(cpu.get(cell) ?? []),
        non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
        errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0),
      };
    });
    const pairCost = (slow: string, fast: string, pair: string) => {
      const a = results.get(slow) ?? [];
      const b = results.get(fast) ?? [];
      const pct = a.map((r, i) => ((b[i].rps - r.rps) / b[i].rps) * 100);
      const s = [...pct].sort((x, y) => x - y);
      return {
        pair,
        medianPct: round(median(pct), 1),
        minPct: round(s[0], 1),
        maxPct: round(s[s.length - 1], 1),
      };
    };
    const cpuCost = (slow: string, fast: string, pair: string) => {
      const a = cpu.get(slow) ?? [];
      const b = cpu.get(fast) ?? [];
      const pct = a.map((x, i) => ((x - b[i]) / b[i]) * 100);
      const s = [...pct].sort((x, y) => x - y);
      return {
        pair,
        medianPct: round(median(pct), 1),
        minPct: round(s[0], 1),
        maxPct: round(s[s.length - 1], 1),
      };
    };
    const cpuCosts = [
      cpuCost('A capabilities (cookie)', 'B capabilities (cookie)', 'logging+metrics, capabilities'),
      cpuCost('A org settings (cookie)', 'B org settings (cookie)', 'logging+metrics, org settings'),
      cpuCost('A org settings (token)', 'A org settings (cookie)', 'token vs cookie, org settings (A)'),
    ];
    if (opts.control)
      cpuCosts.push(
        cpuCost('B2 capabilities (cookie)', 'B capabilities (cookie)', 'control: B2 vs B, capabilities'),
      );
    if (opts.split) {
      cpuCosts.push(
        cpuCost('L capabilities (cookie)', 'B capabilities (cookie)', 'logging only, capabilities'),
        cpuCost('M capabilities (cookie)', 'B capabilities (cookie)', 'metrics only, capabilities'),
      );
    }
    const costs = [
      pairCost('A capabilities (cookie)', 'B capabilities (cookie)', 'logging+metrics, capabilities'),
      pairCost('A org settings (cookie)', 'B org settings (cookie)', 'logging+metrics, org settings'),
      pairCost('A org settings (token)', 'A org settings (cookie)', 'token vs cookie, org settings (A)'),
    ];
    if (opts.control)
      costs.push(
        pairCost('B2 capabilities (cookie)', 'B capabilities (cookie)', 'control: B2 vs B, capabilities'),
      );
    if (opts.split) {
      costs.push(
        pairCost('L capabilities (cookie)', 'B capabilities (cookie)', 'logging only, capabilities'),
        pairCost('M capabilities (cookie)', 'B capabilities (cookie)', 'metrics only, capabilities'),
      );
    }
    const report: ObservabilityReport = {
      rounds: opts.rounds,
      seconds: opts.seconds,
      connections: opts.connections,
      workers: opts.workers,
      cells: summaries,
      costs,
      cpuCosts,
      loadAverage: spread(loads.map((l) => round(l))),
      logBytesPerRequest: answeredByA ? round(logBytes / answeredByA, 0) : null,
      metricsSample: sample,
      lineMicros: loggerLineMicros(),
    };
    log(
      `\n  ${opts.rounds} rounds × ${opts.seconds} s per cell at ${opts.connections} connections (median [min–max])`,
    );
    for (const s of summaries) {
      log(
        `  ${s.cell.padEnd(26)} ${String(s.rps.median).padStart(6)} req/s [${s.rps.min}–${s.rps.max}]  p99 ${ms(s.p99Ms.median)} ms [${ms(s.p99Ms.min)}–${ms(s.p99Ms.max)}]  CPU ${s.cpuUsPerRequest.median} µs/req [${s.cpuUsPerRequest.min}–${s.cpuUsPerRequest.max}]${s.non2xx + s.errors ? `  non-2xx ${s.non2xx} errors ${s.errors}` : ''}`,
      );
    }
    for (const c of costs)
      log(`  throughput cost, ${c.pair}: median ${c.medianPct} % per round [${c.minPct} … ${c.maxPct}]`);
    for (const c of cpuCosts)
      log(`  CPU per request cost, ${c.pair}: median ${c.medianPct} % per round [${c.minPct} … ${c.maxPct}]`);
    log(
      `  load average (1 min) at the cells' start: median ${report.loadAverage.median} [${report.loadAverage.min}–${report.loadAverage.max}] on ${os.cpus().length} CPUs`,
    );
    log(
      `  server A wrote ${report.logBytesPerRequest} bytes of log per request; ${sample ?? 'no metrics sample'}`,
    );
    const l = report.lineMicros;
    log(
      `  one request log line (in the runner): ${l.product} µs as the server writes (async), ${l.productSync} µs written synchronously, plain pino ${l.plainPino} µs, silent ${l.silent} µs`,
    );
    return report;
  } finally {
    for (const s of servers) {
      await stopChild(s.child);
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}
