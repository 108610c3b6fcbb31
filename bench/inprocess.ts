/**
 * The in-process benches' app: a bench database (PostgreSQL, or PGlite in memory) migrated and seeded
 * with the demo data, a count of the SQL statements it runs, and the Hono app on it served over real
 * HTTP on a free port of 127.0.0.1 (the benches that call `app.request` simply do not use the port).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import type { Deps } from '../src/server/context';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';
import { createNotifier } from '../src/server/realtime/notifier';
import { createStorage } from '../src/server/storage';
import { sleep, type Timing, timing } from './stats';

export interface BenchDbOptions {
  /** PostgreSQL database to use; PGlite in memory when absent. */
  postgresUrl?: string;
  /** Pool size on PostgreSQL (default 20). */
  pool?: number;
  /** More settings for the app's configuration (e.g. SMTP_URL). */
  env?: Record<string, string>;
}

export interface Measured<T> {
  value: T;
  ms: number;
  statements: number;
}

export interface BenchDb {
  database: Database;
  /** Statements counted so far. */
  statements(): number;
  /** Runs `fn`: what it returns, how long it took (ms) and how many statements it ran. */
  measure<T>(fn: () => Promise<T>): Promise<Measured<T>>;
  /**
   * `warmUp` unrecorded runs of `fn`, then `times` recorded ones, one after another: their timing,
   * and the statements the last one ran.
   */
  repeat(
    runs: { times: number; warmUp: number },
    fn: () => Promise<unknown>,
  ): Promise<{ timing: Timing; statements: number }>;
  close(): Promise<void>;
}

type Queryable = { query: (...args: unknown[]) => unknown };

/** Makes every call of `target.query` count one. */
function countCalls(target: Queryable, count: () => void): void {
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    count();
    return query(...args);
  };
}

/** Opens the bench database, counts its statements from the start, migrates it and seeds the demo data. */
export async function openBenchDb(options: BenchDbOptions = {}): Promise<BenchDb> {
  const database = options.postgresUrl
    ? await openPostgres(options.postgresUrl, options.pool ?? 20)
    : await openPglite(null);
  let statements = 0;
  const count = () => {
    statements++;
  };
  // pool.end() resolves before its connections are closed: close() waits for them, so that the bench
  // database can be dropped straight away without the server cutting live connections.
  const open = new Set<Promise<void>>();
  if (database.pool) {
    database.pool.on('connect', (client) => {
      countCalls(client as unknown as Queryable, count);
      const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
      open.add(ended);
      void ended.then(() => open.delete(ended));
    });
  } else if (database.pglite) {
    countCalls(database.pglite as unknown as Queryable, count);
  }
  try {
    await migrate(database);
    await seed(database.db, { demo: true });
  } catch (err) {
    await database.close();
    throw err;
  }

  const measure = async <T>(fn: () => Promise<T>): Promise<Measured<T>> => {
    const before = statements;
    const t0 = performance.now();
    const value = await fn();
    return { value, ms: performance.now() - t0, statements: statements - before };
  };
  return {
    database,
    statements: () => statements,
    measure,
    async repeat(runs, fn) {
      const samples: number[] = [];
      let last = 0;
      for (let i = 0; i < runs.warmUp + runs.times; i++) {
        const run = await measure(fn);
        if (i >= runs.warmUp) samples.push(run.ms);
        last = run.statements;
      }
      return { timing: timing(samples), statements: last };
    },
    async close() {
      const closing = [...open];
      await database.close();
      await Promise.all(closing);
    },
  };
}

export interface ServedApp {
  app: ReturnType<typeof createApp>;
  /** What the app runs on (for the job runner). */
  deps: Deps;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Stops the HTTP server and the notifier once the requests in flight are done (5 s at most); not the database. */
  stop(): Promise<void>;
}

/** The Hono app on `bench`'s database (demo mode config, system clock, realtime notifier), served on a free port. */
export async function serveApp(bench: BenchDb, env: Record<string, string> = {}): Promise<ServedApp> {
  const { database } = bench;
  const server = serve({ fetch: () => new Response('starting'), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: '/tmp/applyhub-bench-unused',
    LOG_REQUESTS: '0',
    NODE_ENV: 'development',
    ...env,
  });
  const notifier = createNotifier(database);
  await notifier.start();
  const deps: Deps = {
    config,
    database,
    db: database.db,
    auth: createAuth({ config, db: database.db }),
    clock: systemClock,
    notifier,
    storage: await createStorage(config),
  };
  const app = createApp(deps);
  // Requests a load generator gave up on when its time ended still run: stop() waits for them, so
  // that they do not meet a closed database.
  let inFlight = 0;
  server.removeAllListeners('request');
  server.on(
    'request',
    getRequestListener(async (...args: Parameters<typeof app.fetch>) => {
      inFlight++;
      try {
        return await app.fetch(...args);
      } finally {
        inFlight--;
      }
    }),
  );
  return {
    app,
    deps,
    base,
    async stop() {
      server.close();
      await notifier.stop(); // ends open event streams
      for (let waited = 0; inFlight > 0 && waited < 5000; waited += 10) await sleep(10);
      (server as Server).closeAllConnections();
    },
  };
}

export type InProcessApp = BenchDb & Omit<ServedApp, 'stop'>;

/** {@link openBenchDb} then {@link serveApp}; `close` stops the server and the notifier, then closes the database. */
export async function startInProcessApp(options: BenchDbOptions = {}): Promise<InProcessApp> {
  const bench = await openBenchDb(options);
  const served = await serveApp(bench, options.env).catch(async (err) => {
    await bench.close();
    throw err;
  });
  return {
    ...bench,
    app: served.app,
    deps: served.deps,
    base: served.base,
    async close() {
      await served.stop();
      await bench.close();
    },
  };
}
