/**
 * npm run bench: HTTP latency/throughput of the built server on PGlite and PostgreSQL, a bare Hono
 * hello-world as the ceiling, SQL statements per request (PostgreSQL), and the landing page's
 * JavaScript size. Prints figures and writes bench/out/latest.json; never asserts times.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoProgramId } from '../src/server/db/seed/ids';
import { type ApplicationsBenchReport, runApplicationsBench } from './applications';
import { type AutosaveHttpReport, runAutosaveHttpBench } from './autosave-http';
import { analyzeBundle, type BundleReport } from './bundle';
import { runConditionsBench } from './conditions';
import { type ExportsBenchReport, runExportsBench } from './exports';
import { type FeaturedBenchReport, runFeaturedBench } from './featured';
import { type LighthousePage, runLighthouseBench } from './lighthouse';
import { demoSignIn, type LoadResult, load, warmUp } from './load';
import { type MemoryReading, runMemoryBench } from './memory';
import { type ObservabilityReport, runObservabilityBench } from './observability';
import { type RequestCpuReport, runRequestCpuBench } from './observability-cpu';
import { type BenchDatabase, createBenchDatabase } from './postgres';
import {
  type Child,
  freePort,
  killAllNow,
  serverEnv,
  startChild,
  stopAll,
  stopChild,
  waitReady,
} from './proc';
import { type ProgramsBenchReport, runProgramsBench } from './programs';
import { type PublishBenchReport, runPublishBench } from './publish';
import { type ReviewsBenchReport, runReviewsBench } from './reviews';
import { runScoringBench, type ScoringBenchReport } from './scoring';
import { runStagesBench, type StagesBenchReport } from './stages';
import { ms, sleep } from './stats';
import { runUploadsBench, type UploadsBenchReport } from './uploads';
import { runUsersBench, type UsersBenchReport } from './users';
import { runWholeSaveBench } from './whole-save';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

function intSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return n;
}

const settings = {
  seconds: intSetting('BENCH_SECONDS', 5, 1, 120),
  warmupSeconds: intSetting('BENCH_WARMUP_SECONDS', 1, 0, 30),
  connections: (process.env.BENCH_CONNECTIONS || '1,8,32').split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error(`BENCH_CONNECTIONS: bad value "${s}".`);
    return n;
  }),
  postgresUrl: process.env.BENCH_DATABASE_URL || DEFAULT_PG,
  postgresExplicit: Boolean(process.env.BENCH_DATABASE_URL),
  skipPostgres: process.env.BENCH_SKIP_POSTGRES === '1',
  queryCounts: process.env.BENCH_QUERY_COUNTS !== '0',
  /** The reviews bench (PostgreSQL): BENCH_REVIEWS=0 skips it; BENCH_REVIEWS_FULL=0 skips its 1,000,000-row size. */
  reviews: process.env.BENCH_REVIEWS !== '0',
  reviewsFull: process.env.BENCH_REVIEWS_FULL !== '0',
  reviewsRequests: intSetting('BENCH_REVIEWS_REQUESTS', 20, 1, 1000),
};

interface TargetInfo {
  target: string;
  database: 'none' | 'pglite' | 'postgres';
  startupMs: number | null;
  rssMbAfter: number | null;
  /** SQL transactions per request from pg_stat_database (autocommit statements count one each). */
  sqlPerRequest: Record<string, number> | null;
  warnings: string[];
  skipped?: string;
  error?: string;
}

const loads: LoadResult[] = [];
const targets: TargetInfo[] = [];
const tempDirs: string[] = [];
const databases: BenchDatabase[] = [];

const log = (line: string) => console.log(line);

/** A target of the summary, in the order they ran. */
function addTarget(target: string, database: TargetInfo['database']): TargetInfo {
  const info: TargetInfo = {
    target,
    database,
    startupMs: null,
    rssMbAfter: null,
    sqlPerRequest: null,
    warnings: [],
  };
  targets.push(info);
  return info;
}

/** A fresh bench database on the PostgreSQL server, dropped at the end of the run. */
async function freshDatabase(): Promise<BenchDatabase> {
  const db = await createBenchDatabase(settings.postgresUrl);
  databases.push(db);
  return db;
}

async function measureEndpoints(
  target: string,
  endpoints: { name: string; url: string; headers?: Record<string, string> }[],
  server?: Child,
) {
  for (const ep of endpoints) await warmUp(ep.url, settings.warmupSeconds, ep.headers);
  for (const ep of endpoints) {
    for (const connections of settings.connections) {
      const cpuBefore = server?.cpuMs() ?? null;
      const r = await load({
        target,
        endpoint: ep.name,
        url: ep.url,
        connections,
        seconds: settings.seconds,
        headers: ep.headers,
      });
      const cpuAfter = server?.cpuMs() ?? null;
      if (cpuBefore !== null && cpuAfter !== null && r.requests > 0) {
        r.serverCpuUs = Math.round(((cpuAfter - cpuBefore) * 1000) / r.requests);
      }
      loads.push(r);
      const bad = r.non2xx + r.errors + r.timeouts;
      const cpu = r.serverCpuUs === undefined ? '' : `  server CPU ${r.serverCpuUs} µs/req`;
      log(
        `  ${ep.name.padEnd(24)} c=${String(connections).padStart(3)}  ${String(r.rps).padStart(6)} req/s  p50 ${ms(r.p50Ms)} ms  p99 ${ms(r.p99Ms)} ms${cpu}${bad ? `  non-2xx ${r.non2xx} errors ${r.errors} timeouts ${r.timeouts}` : ''}`,
      );
    }
  }
}

async function runHello(): Promise<void> {
  const info = addTarget('hono hello-world', 'none');
  const port = await freePort();
  log(`\n== ${info.target} (ceiling) on 127.0.0.1:${port}`);
  const child = startChild(
    info.target,
    ['bench/hello-server.mjs'],
    { ...process.env, PORT: String(port) },
    root,
  );
  try {
    const url = `http://127.0.0.1:${port}/`;
    info.startupMs = Math.round(await waitReady(child, url, 30_000));
    await measureEndpoints(info.target, [{ name: 'GET /', url }], child);
    info.rssMbAfter = child.rssMb();
  } finally {
    await stopChild(child);
  }
}

async function expectOk(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Sequential requests between two pg_stat_database readings (stats reach it within ~10 s). */
async function sqlPerRequest(
  db: BenchDatabase,
  endpoints: { name: string; url: string; headers?: Record<string, string> }[],
  n = 50,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  log(`  counting SQL per request (${n} sequential requests each; waits ~11 s per reading for stats)…`);
  await sleep(11_000);
  let before = await db.transactions();
  for (const ep of endpoints) {
    for (let i = 0; i < n; i++) {
      const res = await fetch(ep.url, { headers: ep.headers });
      await res.arrayBuffer();
    }
    await sleep(11_000);
    const after = await db.transactions();
    out[ep.name] = Math.round(((after - before) / n) * 10) / 10;
    before = after;
  }
  return out;
}

async function runApp(target: string, kind: 'pglite' | 'postgres'): Promise<void> {
  const info = addTarget(target, kind);
  let db: BenchDatabase | null = null;
  if (kind === 'postgres') {
    try {
      db = await createBenchDatabase(settings.postgresUrl);
      databases.push(db);
    } catch (err) {
      const reason = `PostgreSQL at ${redact(settings.postgresUrl)} unavailable: ${(err as Error).message}`;
      if (settings.postgresExplicit) throw new Error(reason);
      info.skipped = reason;
      log(`\n== ${target}: skipped (${reason})`);
      return;
    }
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-bench-'));
  tempDirs.push(dataDir);
  const base = `http://127.0.0.1:${port}`;
  log(`\n== ${target} on ${base}${db ? ` (database ${db.name})` : ` (DATA_DIR ${dataDir})`}`);
  const child = startChild(
    target,
    ['dist/server/index.js'],
    serverEnv(port, dataDir, db ? db.url : null),
    root,
  );
  try {
    info.startupMs = Math.round(await waitReady(child, `${base}/api/health`, 120_000));
    log(`  ready in ${(info.startupMs / 1000).toFixed(1)} s (migrations + demo seed on a fresh database)`);
    const health = (await expectOk(`${base}/api/health`)) as { database?: string };
    if (health.database !== kind)
      throw new Error(`Expected database "${kind}", health says "${health.database}".`);
    const cookie = await demoSignIn(base, 'admin@demo.test');
    const auth = { cookie };
    const capsRes = await fetch(`${base}/api/me/capabilities`, { headers: auth });
    const caps = (await capsRes.text()).slice(0, 160);
    if (capsRes.status === 200) log(`  signed in as admin@demo.test; capabilities: ${caps}`);
    else {
      const warning = `GET /api/me/capabilities answered ${capsRes.status} for admin@demo.test (${caps}); measured anyway: its latency figures cover 2xx answers only`;
      info.warnings.push(warning);
      log(`  WARNING: ${warning}`);
    }
    // The review queue of the demo's first program, as its reviewer sees it (issue 12 item 3).
    const reviewer = { cookie: await demoSignIn(base, 'reviewer@demo.test') };
    const queueUrl = `${base}/api/review/programs/${demoProgramId(1)}/queue`;
    await expectOk(queueUrl, reviewer);
    const endpoints = [
      { name: 'GET /api/health', url: `${base}/api/health` },
      { name: 'GET /api/me/capabilities', url: `${base}/api/me/capabilities`, headers: auth },
      { name: 'GET review queue', url: queueUrl, headers: reviewer },
    ];
    if (db && settings.queryCounts) {
      info.sqlPerRequest = await sqlPerRequest(db, endpoints);
      log(`  SQL per request: ${JSON.stringify(info.sqlPerRequest)}`);
    }
    await measureEndpoints(target, endpoints, child);
    info.rssMbAfter = child.rssMb();
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (db) await db.drop();
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r, ri) =>
      r.map((cell, i) => (i < 2 || ri === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
    )
    .join('\n');
}

function summary(bundle: BundleReport | null): string {
  const ceiling = new Map(
    loads.filter((l) => l.target === 'hono hello-world').map((l) => [l.connections, l.rps]),
  );
  // Signed-in reads against /api/health of the same server and connections, in the same run.
  const health = new Map(
    loads.filter((l) => l.endpoint === 'GET /api/health').map((l) => [`${l.target}|${l.connections}`, l.rps]),
  );
  const rows = [
    [
      'target',
      'endpoint',
      'conns',
      'req/s',
      '% ceiling',
      '% health',
      'p50 ms',
      'p99 ms',
      'CPU µs/req',
      'non-2xx',
      'errors',
    ],
  ];
  for (const l of loads) {
    const c = ceiling.get(l.connections);
    const h = health.get(`${l.target}|${l.connections}`);
    rows.push([
      l.target,
      l.endpoint,
      String(l.connections),
      String(l.rps),
      c ? `${Math.round((l.rps / c) * 100)}%` : '-',
      h ? `${Math.round((l.rps / h) * 100)}%` : '-',
      ms(l.p50Ms),
      ms(l.p99Ms),
      l.serverCpuUs === undefined ? '-' : String(l.serverCpuUs),
      String(l.non2xx),
      String(l.errors + l.timeouts),
    ]);
  }
  const lines = [
    '',
    `== Summary (${settings.seconds} s per cell, node ${process.version}, ${os.cpus().length} CPUs, load generator in the same machine)`,
    table(rows),
    '',
  ];
  for (const t of targets) {
    if (t.skipped) lines.push(`${t.target}: skipped: ${t.skipped}`);
    else if (t.error) lines.push(`${t.target}: FAILED: ${t.error.split('\n')[0]}`);
    else {
      const sql = t.sqlPerRequest
        ? `; SQL transactions/request: ${Object.entries(t.sqlPerRequest)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`
        : '';
      lines.push(`${t.target}: ready in ${t.startupMs} ms; RSS after load ${t.rssMbAfter ?? '?'} MB${sql}`);
    }
    for (const w of t.warnings) lines.push(`  WARNING: ${w}`);
  }
  if (bundle) {
    lines.push(
      '',
      `Landing JS (gzip): ${bundle.landing.gzipKb} KB of ${bundle.landing.budgetKb} KB budget: ${bundle.landing.verdict}`,
      `  (a) landing: ${bundle.landingRoute.gzipKb} KB [${bundle.landingRoute.files.join(', ') || 'none'}] (${bundle.landingRoute.how})`,
      `      app entry + static imports (every other page): ${bundle.entryStatic.gzipKb} KB [${bundle.entryStatic.files.join(', ')}]`,
      `  (b) largest lazily loaded chunk: ${bundle.largestLazy ? `${bundle.largestLazy.file} ${bundle.largestLazy.gzipKb} KB` : 'none'}`,
      `  (c) all JS: ${bundle.allJs.files} files, ${bundle.allJs.rawKb} KB raw, ${bundle.allJs.gzipKb} KB gzip`,
    );
  }
  return lines.join('\n');
}

async function cleanup(): Promise<void> {
  await stopAll();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  for (const db of databases)
    await db.drop().catch((err) => console.error(`could not drop ${db.name}: ${err.message}`));
}

async function main(): Promise<number> {
  for (const file of ['dist/server/index.js', 'dist/web/index.html']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build first.`);
  }
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark servers…`);
    killAllNow();
    void Promise.race([cleanup(), sleep(5000)]).finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const started = performance.now();
  log(
    `ApplyHub bench: ${settings.seconds} s per cell at ${settings.connections.join('/')} connections, warm-up ${settings.warmupSeconds} s per endpoint`,
  );
  let bundle: BundleReport | null = null;
  const reports = {
    programs: null as ProgramsBenchReport | null,
    users: null as UsersBenchReport | null,
    applications: null as ApplicationsBenchReport | null,
    featured: [] as FeaturedBenchReport[],
    reviews: null as ReviewsBenchReport | null,
    publish: null as PublishBenchReport | null,
    stages: null as StagesBenchReport | null,
    exports: null as ExportsBenchReport | null,
    scoring: null as ScoringBenchReport | null,
    uploads: null as UploadsBenchReport | null,
    lighthouse: null as LighthousePage[] | null,
    memory: null as MemoryReading[] | null,
    autosaveHttp: null as AutosaveHttpReport | null,
    observability: null as ObservabilityReport | null,
    observabilityCpu: null as RequestCpuReport | null,
    conditions: null as ReturnType<typeof runConditionsBench> | null,
    wholeSave: null as Awaited<ReturnType<typeof runWholeSaveBench>> | null,
  };
  let failed = false;
  try {
    bundle = analyzeBundle(path.join(root, 'dist/web'));
    const steps: { name: string; postgres?: boolean; skip?: boolean; run: () => Promise<void> }[] = [
      { name: 'hono hello-world', run: runHello },
      { name: 'ApplyHub on PGlite', run: () => runApp('ApplyHub on PGlite', 'pglite') },
      {
        name: 'uploads (PGlite, local disk)',
        run: async () => {
          log('\n== uploads: a 50 MB portfolio file, 3 times (PGlite, local-disk storage)');
          reports.uploads = await runUploadsBench(
            root,
            (port, dataDir) => serverEnv(port, dataDir, null),
            log,
          );
        },
      },
      {
        name: 'lighthouse (mobile, PGlite)',
        skip: process.env.BENCH_LIGHTHOUSE === '0',
        run: async () => {
          log(
            '\n== Lighthouse mobile with Debian chromium: /, /browse, a program page, the application page',
          );
          reports.lighthouse = await runLighthouseBench(
            root,
            (port, dataDir) => serverEnv(port, dataDir, null),
            log,
          );
        },
      },
      {
        name: 'memory (PGlite)',
        run: async () => {
          log('\n== Memory on PGlite: first start, then a restart on the same data');
          reports.memory = await runMemoryBench(root, (port, dataDir) => serverEnv(port, dataDir, null), log);
        },
      },
      {
        name: 'autosave over HTTP (PostgreSQL)',
        postgres: true,
        run: async () => {
          log('\nAutosave over HTTP with signed-in applicants (PostgreSQL, server in its own process)');
          reports.autosaveHttp = await runAutosaveHttpBench(await freshDatabase(), root, {
            applicants: intSetting('BENCH_HTTP_APPLICANTS', 200, 10, 5_000),
            log,
          });
        },
      },
      {
        name: 'ApplyHub on PostgreSQL',
        postgres: true,
        run: () => runApp('ApplyHub on PostgreSQL', 'postgres'),
      },
      {
        name: 'observability: logging and metrics on vs off (PostgreSQL)',
        postgres: true,
        run: async () => {
          log('\n== Observability: logging and metrics on (A) vs off (B), API token vs cookie (PostgreSQL)');
          const split = process.env.BENCH_OBS_SPLIT === '1';
          const control = process.env.BENCH_OBS_CONTROL === '1';
          const dbs = [];
          for (let i = 0; i < 2 + (split ? 2 : 0) + (control ? 1 : 0); i++) dbs.push(await freshDatabase());
          reports.observability = await runObservabilityBench(dbs, root, {
            rounds: intSetting('BENCH_OBS_ROUNDS', 6, 1, 50),
            seconds: settings.seconds,
            connections: intSetting('BENCH_OBS_CONNECTIONS', 8, 1, 256),
            workers: intSetting('BENCH_OBS_WORKERS', 1, 1, 8),
            split,
            control,
            log,
          });
        },
      },
      {
        name: 'observability: CPU per request (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          log(
            '\n== Observability: CPU per request with logging and metrics on vs off (PostgreSQL, in-process)',
          );
          reports.observabilityCpu = await runRequestCpuBench(await freshDatabase(), {
            rounds: intSetting('BENCH_OBS_CPU_ROUNDS', 40, 2, 400),
            requestsPerRound: intSetting('BENCH_OBS_CPU_REQUESTS', 500, 100, 100_000),
            log,
          });
        },
      },
      {
        name: 'programs (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          reports.programs = await runProgramsBench(await freshDatabase(), settings.seconds, log);
        },
      },
      {
        name: 'users (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          reports.users = await runUsersBench(await freshDatabase(), settings.seconds, log);
        },
      },
      {
        name: 'applications (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          log('\nApplications (PostgreSQL, in-process): deadline rush and All Programs');
          reports.applications = await runApplicationsBench(await freshDatabase(), {
            sizes: (process.env.BENCH_RUSH_SIZES || '100,1000,5000').split(',').map(Number),
            rushSeconds: intSetting('BENCH_RUSH_SECONDS', 20, 5, 300),
            log,
          });
        },
      },
      {
        name: 'featured (PGlite, in-process)',
        run: async () => {
          reports.featured.push(await runFeaturedBench(null, settings.seconds, log));
        },
      },
      {
        name: 'featured (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          reports.featured.push(await runFeaturedBench(await freshDatabase(), settings.seconds, log));
        },
      },
      {
        name: 'reviews (PostgreSQL, in-process)',
        postgres: true,
        skip: !settings.reviews,
        run: async () => {
          const db = await freshDatabase();
          reports.reviews = await runReviewsBench(db, log, {
            full: settings.reviewsFull,
            requests: settings.reviewsRequests,
          });
          await db.drop(); // its million rows need not wait for the end of the run
        },
      },
      {
        name: 'publishing results and their emails (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          reports.publish = await runPublishBench(
            await freshDatabase(),
            log,
            intSetting('BENCH_PUBLISH_RESULTS', 10_000, 10, 100_000),
          );
        },
      },
      {
        name: 'inviting to the next stage (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          const db = await freshDatabase();
          reports.stages = await runStagesBench(
            db,
            log,
            intSetting('BENCH_STAGE_INVITATIONS', 10_000, 10, 100_000),
          );
          await db.drop();
        },
      },
      {
        name: 'exports and dossier (PostgreSQL, server process)',
        postgres: true,
        run: async () => {
          const sizes = (process.env.BENCH_EXPORT_SIZES || '10000,100000').split(',').map(Number);
          if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000))
            throw new Error('BENCH_EXPORT_SIZES: whole numbers from 1 to 1,000,000, comma-separated.');
          log(
            '\nExports and dossier (PostgreSQL, the built server in its own process, WORKERS=1; RSS from /proc every 20 ms):',
          );
          const db = await freshDatabase();
          reports.exports = await runExportsBench(db, root, {
            sizes,
            dossier: intSetting('BENCH_DOSSIER', 1_000, 0, 100_000),
            log,
          });
          await db.drop();
        },
      },
      {
        name: 'conditional questions (save rules, in-process)',
        run: async () => {
          reports.conditions = runConditionsBench(log);
        },
      },
      {
        name: 'conditional questions (whole save, in-process)',
        run: async () => {
          reports.wholeSave = await runWholeSaveBench(log);
        },
      },
      {
        name: 'scoring (PostgreSQL, in-process)',
        postgres: true,
        run: async () => {
          reports.scoring = await runScoringBench(await freshDatabase(), log);
        },
      },
    ];
    // BENCH_ONLY=name,name: only the steps whose names contain one of them (e.g. "hello,ApplyHub on").
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
    const plan = steps.filter(
      (step) =>
        !step.skip &&
        !(step.postgres && settings.skipPostgres) &&
        (!only || only.some((o) => step.name.includes(o))),
    );
    for (const { name, run } of plan) {
      try {
        await run();
      } catch (err) {
        failed = true;
        const message = err instanceof Error ? err.message : String(err);
        console.error(`\n${name} failed: ${message}`);
        const info = targets.find((t) => t.target === name) ?? addTarget(name, 'none');
        info.error = message;
      }
    }
  } finally {
    await cleanup();
  }

  log(summary(bundle));
  const outDir = path.join(root, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    settings: {
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      connections: settings.connections,
      postgres: settings.skipPostgres ? null : redact(settings.postgresUrl),
    },
    targets,
    load: loads,
    bundle,
    ...reports,
    totalSeconds: Math.round((performance.now() - started) / 1000),
  };
  writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`\nWrote bench/out/latest.json (${report.totalSeconds} s).`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
    killAllNow();
    process.exit(1);
  },
);
