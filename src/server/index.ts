import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { systemClock } from './clock';
import { primaryBudget, runPrimary, workerIndex } from './cluster';
import { type Config, ConfigError, loadConfig } from './config';
import type { Deps } from './context';
import { type Database, openPglite, openPostgres } from './db/client';
import { lockDataDir } from './db/lock';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { demoFilesToWrite, materializeDemoFiles } from './db/seed/demo-files';
import { startFeaturedPurge } from './featured/purge';
import { InFlight } from './http/in-flight';
import { createNotifier } from './realtime/notifier';
import { createStorage } from './storage';

type Env = Record<string, string | undefined>;

/** How long a shutdown waits for the requests in flight. */
const DRAIN_MS = 10_000;

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
    await migrate(database);
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
    : openPglite(config.dataDir);

export async function start(env: Env = process.env) {
  const config = loadConfig(env);
  const demo = config.demoMode || env.SEED_DEMO === '1';
  if (config.workers > 1 && cluster.isPrimary) {
    // The workers serve; this process prepares the database once and looks after them.
    await runPrimary(config.workers, async () => (await prepareDatabase(config, demo)).close(), DRAIN_MS);
    console.log(`ApplyHub: ${config.workers} workers on port ${config.port}.`);
    return null;
  }
  return serveApi(config, demo);
}

async function serveApi(config: Config, demo: boolean) {
  const worker = workerIndex();
  const lead = !worker; // a single process, or the first worker: it logs and runs the hourly purge
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
  const inFlight = new InFlight();
  const rateBudget = worker === null ? undefined : primaryBudget;
  const app = createApp(deps, { webDir: findWebDir(), inFlight, rateBudget });
  // Hidden featured sections are deleted for good after 30 days (hourly, and once now), by one process.
  const featuredPurge = lead ? startFeaturedPurge({ db: database.db, clock: deps.clock }) : null;

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    if (!lead) return;
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
    console.log(
      `ApplyHub listening on ${config.publicUrl} (${info.address}:${info.port}), database: ${where}`,
    );
    if (config.demoMode) console.log('Demo mode is on: sign in at /demo-sign-in.');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down…`);
    const force = setTimeout(() => process.exit(1), DRAIN_MS + 5_000);
    force.unref();
    // Stop accepting, let the requests in flight finish (bounded), then close the event streams,
    // then the database: a request never finds the pool already closed.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const drained = await inFlight.drained(DRAIN_MS);
    if (!drained) console.log(`${signal}: ${inFlight.size} request(s) still running after ${DRAIN_MS} ms`);
    await featuredPurge?.stop().catch(() => {});
    await notifier.stop().catch(() => {});
    // Responses already returned finish writing, closed streams hang up (bounded as well).
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    await database.close().catch(() => {});
    releaseLock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return { server, deps };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  start().catch((err) => {
    if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
    else console.error(`ApplyHub could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
