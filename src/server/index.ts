import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer, serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { systemClock } from './clock';
import { followPrimary, primaryBudget, runPrimary, workerIndex } from './cluster';
import { type Config, ConfigError, loadConfig, parseDatabaseUrl } from './config';
import type { Deps } from './context';
import { type Database, openPglite, openPostgres } from './db/client';
import { lockDataDir } from './db/lock';
import { migrateFor } from './db/migrate';
import { seed } from './db/seed';
import { demoFilesToWrite, materializeDemoFiles } from './db/seed/demo-files';
import { startFeaturedPurge } from './featured/purge';
import { takeConnections } from './http/hand-off';
import { closeListener, Shutdown } from './http/shutdown';
import { keepIdleConnections, slowClientLimits } from './http/slow-clients';
import { configureLogger, logger } from './log/logger';
import { mailStartLine } from './mail/settings';
import { serveMetrics } from './metrics/endpoint';
import { createNotifier } from './realtime/notifier';
import { openEventStreams } from './realtime/routes';
import { createStorage } from './storage';

type Env = Record<string, string | undefined>;

/** How long a shutdown waits for the requests in flight. */
const DRAIN_MS = 10_000;
/** How long, once those are answered, ended connections (event streams too) get to close. */
const CLOSE_MS = 2_000;

function findWebDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../web'),
    path.resolve(here, '../../dist/web'),
    path.resolve('dist/web'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** The database at `config`, migrated and seeded (and the demo's files written) before serving. */
async function prepareDatabase(config: Config, demo: boolean): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await migrateFor(database, config.migrationDatabaseUrl ?? null);
    await seed(database.db, { demo });
    if (demo) await materializeDemoFiles(await createStorage(config), await demoFilesToWrite(database.db));
    return database;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

const openDatabase = (config: Config) =>
  config.databaseUrl
    ? openPostgres(config.databaseUrl, 10, { prepare: config.prepareStatements })
    : openPglite(config.dataDir, { prepare: config.prepareStatements });

export async function start(env: Env = process.env) {
  const config = loadConfig(env);
  // The owner's connection string is for migrating, here, once: workers and anything else this
  // process starts do not inherit it (decision 055).
  delete env.MIGRATION_DATABASE_URL;
  await configureLogger({ level: config.logLevel, format: config.logFormat });
  const demo = config.demoMode || env.SEED_DEMO === '1';
  if (config.workers > 1 && cluster.isPrimary) {
    // The workers serve; this process prepares the database once, accepts connections for them,
    // looks after them, and adds up their metrics for a scrape.
    if (metricsOn(config)) {
      const text = (await import('./metrics/cluster')).aggregateWorkers();
      const { port, token } = config.metrics;
      if (port) serveMetrics({ port, host: config.host, token, text });
    }
    await runPrimary({
      count: config.workers,
      port: config.port,
      host: config.host,
      shutdownDelayMs: config.shutdownDelayMs,
      drainMs: DRAIN_MS,
      prepare: async () => (await prepareDatabase(config, demo)).close(),
    });
    logger().info(
      { workers: config.workers, port: config.port },
      `ApplyHub: ${config.workers} workers on port ${config.port}.`,
    );
    return null;
  }
  return serveApi(config, demo);
}

/**
 * `npm run db:migrate`: migrates the PostgreSQL database as MIGRATION_DATABASE_URL's role (or
 * DATABASE_URL's) and, with both set, grants DATABASE_URL's role its rows; a deploy step, so the
 * server's own environment needs no owner credentials (decision 055).
 */
export async function migrateOnly(env: Env = process.env): Promise<void> {
  const appUrl = parseDatabaseUrl('DATABASE_URL', env.DATABASE_URL);
  const ownerUrl = parseDatabaseUrl('MIGRATION_DATABASE_URL', env.MIGRATION_DATABASE_URL) ?? appUrl;
  if (!ownerUrl) {
    throw new ConfigError(
      'db:migrate needs MIGRATION_DATABASE_URL or DATABASE_URL (the embedded database migrates when the server starts).',
    );
  }
  await configureLogger({ level: 'info', format: 'json' });
  const database = await openPostgres(appUrl ?? ownerUrl, 1);
  try {
    await migrateFor(database, ownerUrl === appUrl ? null : ownerUrl);
  } finally {
    await database.close();
  }
  logger().info('The database is migrated.');
}

const metricsOn = (config: Config) => config.metrics.token !== null || config.metrics.port !== null;

/** Metrics of this process (prom-client is loaded only when they are on); with workers, the primary's aggregate answers. */
async function processMetrics(config: Config, database: Database, worker: number | null) {
  if (!metricsOn(config)) return null;
  const metrics = (await import('./metrics/metrics')).createMetrics({
    database,
    openStreams: openEventStreams,
  });
  const text =
    worker === null ? metrics.text : (await import('./metrics/cluster')).joinAggregate(metrics.registry);
  return { metrics, text };
}

async function serveApi(config: Config, demo: boolean) {
  const worker = workerIndex();
  // A promise a background task forgot to catch (a timer's query during a database outage, say) is
  // logged with its cause; the server keeps answering (503 while the database is away) instead of
  // exiting with every request in flight.
  process.on('unhandledRejection', (reason) => {
    logger().error({ err: reason }, 'unhandled promise rejection (the server keeps running)');
  });
  const lead = !worker; // a single process, or the first worker: it logs and runs the hourly purge
  // What the primary says while this worker starts is kept until it can act on it.
  const primary = worker === null ? null : followPrimary();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database;
  try {
    // A worker finds the database prepared by the primary.
    database = worker === null ? await prepareDatabase(config, demo) : await openDatabase(config);
  } catch (err) {
    releaseLock();
    throw err;
  }

  const notifier = createNotifier(database);
  await notifier.start();
  const auth = createAuth({ config, db: database.db });
  const deps: Deps = {
    config,
    database,
    db: database.db,
    auth,
    clock: systemClock,
    notifier,
    storage: await createStorage(config),
  };
  const shutdown = new Shutdown();
  const rateBudget = worker === null ? undefined : primaryBudget;
  const measured = await processMetrics(config, database, worker);
  const app = createApp(deps, {
    webDir: findWebDir(),
    shutdown,
    rateBudget,
    observers: measured ? [measured.metrics.observeRequest] : [],
    metricsText: measured?.text,
  });
  const { port: metricsPort, token: metricsToken } = config.metrics;
  const metricsServer =
    measured && metricsPort && worker === null
      ? serveMetrics({ port: metricsPort, host: config.host, token: metricsToken, text: measured.text })
      : null;
  // Hidden featured sections are deleted for good after 30 days (hourly, and once now), by one process.
  const featuredPurge = lead ? startFeaturedPurge({ db: database.db, clock: deps.clock }) : null;
  // Background jobs (decision 033): every process works the queues; pg-boss shares them out.
  const jobs = await (await import('./jobs/runtime')).startJobs(deps, { metrics: measured?.metrics });

  const logListening = (address: string) => {
    if (!lead) return;
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
    logger().info(`ApplyHub listening on ${config.publicUrl} (${address}), database: ${where}`);
    if (config.demoMode) logger().info('Demo mode is on: sign in at /demo-sign-in.');
    logger().info(mailStartLine(config));
    if (config.webhooks.allowPrivate)
      logger().warn(
        'WEBHOOKS_ALLOW_PRIVATE=1: webhooks may reach loopback and private networks and use http://.',
      );
  };
  const serverOptions = slowClientLimits(config.headersTimeoutMs);
  const isStream = (req: IncomingMessage) => req.url?.startsWith('/api/events') ?? false;
  // A single process listens itself; a worker serves the connections its primary hands over.
  const server =
    worker === null
      ? serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions }, (info) =>
          logListening(`${info.address}:${info.port}`),
        )
      : createAdaptorServer({ fetch: app.fetch, hostname: config.host, serverOptions });
  keepIdleConnections(server as Server, config.keepAliveTimeoutMs);
  shutdown.track(server as Server, isStream);
  if (worker !== null) {
    takeConnections(server as Server);
    logListening(`${config.host}:${config.port}, ${config.workers} workers`);
  }

  // No longer accepting: answer everything accepted (fresh connections get their first request
  // read), close the event streams, then the database, so a request never finds the pool closed.
  const finish = async (why: string) => {
    shutdown.closing = true;
    setTimeout(() => process.exit(1), DRAIN_MS + CLOSE_MS + 5_000).unref();
    if (!(await shutdown.settle(DRAIN_MS))) {
      logger().warn(`${why}: ${shutdown.busy} request(s) still running after ${DRAIN_MS} ms`);
    }
    await featuredPurge?.stop().catch(() => {});
    await metricsServer?.close().catch(() => {});
    await jobs.stop().catch(() => {});
    await notifier.stop().catch(() => {});
    await shutdown.settle(CLOSE_MS, { streams: true });
    await shutdown.closeAll(CLOSE_MS);
    await database.close().catch(() => {});
    releaseLock();
    process.exit(0);
  };

  if (worker === null) {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      // Health answers 503 at once, so a load balancer stops sending here; what still comes in the
      // meantime is served. Then the server stops accepting and finishes what it holds.
      shutdown.stopping = true;
      const delay = config.shutdownDelayMs;
      logger().info(`${signal}: shutting down${delay ? ` (still serving for ${delay / 1000} s)` : ''}…`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      await closeListener(server as Server);
      await finish(signal);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } else {
    // In a cluster the primary says when: it keeps accepting for SHUTDOWN_DELAY, then hands over
    // what it accepted. A signal to the whole process group (Ctrl-C) is left to it.
    process.on('SIGTERM', () => {});
    process.on('SIGINT', () => {});
    primary?.({
      stopping: () => {
        shutdown.stopping = true;
      },
      drain: () => void finish('SIGTERM'),
    });
  }
  return { server, deps };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  // `node dist/server/index.js migrate`: only migrate (decision 055).
  (process.argv[2] === 'migrate' ? migrateOnly() : start()).catch((err) => {
    if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
    else logger().fatal({ err }, 'ApplyHub could not start');
    process.exit(1);
  });
}
