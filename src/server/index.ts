import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
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

export async function start(env: Env = process.env) {
  const config = loadConfig(env);
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);

  const demo = config.demoMode || env.SEED_DEMO === '1';
  let database: Database;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, 10, { prepare: config.prepareStatements })
      : await openPglite(config.dataDir);
    await migrate(database);
    await seed(database.db, { demo });
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
    storage: createStorage(config),
  };
  if (demo) await materializeDemoFiles(deps.storage, await demoFilesToWrite(deps.db));
  const inFlight = new InFlight();
  const app = createApp(deps, { webDir: findWebDir(), inFlight });
  // Hidden featured sections are deleted for good after 30 days (hourly, and once now).
  const featuredPurge = startFeaturedPurge({ db: database.db, clock: deps.clock });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
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
    await featuredPurge.stop().catch(() => {});
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
