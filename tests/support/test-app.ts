import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { TestClock } from '../../src/server/clock';
import type { Config } from '../../src/server/config';
import type { Deps } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import { createLogger, setLogger } from '../../src/server/log/logger';
import { createMetrics, type Metrics } from '../../src/server/metrics/metrics';
import { createNotifier } from '../../src/server/realtime/notifier';
import { openEventStreams } from '../../src/server/realtime/routes';
import { DiskStorage } from '../../src/server/storage';
import type { Storage } from '../../src/server/storage/storage';
import { freshDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';

// Every API test process logs everything into the run's log directory (global-setup.ts checks it).
const logDir = inject('apiLogDir');
if (logDir) {
  const file = path.join(logDir, `${process.pid}.ndjson`);
  setLogger(createLogger({ level: 'debug', destination: pino.destination({ dest: file, sync: true }) }));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    production: false,
    port: 3000,
    host: '127.0.0.1',
    publicUrl: TEST_ORIGIN,
    dataDir: '/tmp/applyhub-test-unused',
    databaseUrl: null,
    prepareStatements: true,
    workers: 1,
    shutdownDelayMs: 0,
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    google: null,
    oauthTestIssuer: null,
    demoMode: true,
    logRequests: true,
    logLevel: 'debug',
    logFormat: 'json',
    metrics: { token: null, port: null },
    s3: null,
    mail: { smtpUrl: null, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' } },
    webhooks: { allowPrivate: false, ports: [443, 80], timeoutMs: 10_000 },
    // Suites send hundreds of link requests from one address; tests/api/letters.test.ts checks the limit.
    letterLinkRatePerMinute: 100_000,
    ...overrides,
  };
}

export interface RequestOptions {
  body?: unknown;
  /** Cookie header of a signed-in user (from signIn). */
  as?: string | null;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  database: Database;
  clock: TestClock;
  /** The app's metrics when the test turns them on (config.metrics.token), else null. */
  metrics: Metrics | null;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** JSON of a request, asserting nothing: tests check status and body themselves. */
  json<T = any>(method: string, path: string, options?: RequestOptions): Promise<{ status: number; body: T }>;
  /** Signs in through the demo endpoint (creating the user when new) and returns the Cookie header. */
  signIn(email: string, name?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { config?: Partial<Config>; database?: Database; storage?: Storage } = {},
): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase());
  const config = testConfig(options.config);
  const clock = new TestClock();
  const auth = createAuth({ config, db: database.db });
  const notifier = createNotifier(database);
  await notifier.start();
  // Each test app stores its files in its own temporary directory (removed by close()).
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-test-files-'));
  const storage = options.storage ?? new DiskStorage(filesDir);
  const deps: Deps = { config, database, db: database.db, auth, clock, notifier, storage };
  // Metrics when the test turns them on (METRICS_TOKEN), as the server builds them.
  const metrics = config.metrics.token ? createMetrics({ database, openStreams: openEventStreams }) : null;
  const app = createApp(deps, {
    observers: metrics ? [metrics.observeRequest] : [],
    metricsText: metrics?.text,
  });

  const request = (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...opts.headers };
    if (opts.as) headers.cookie = opts.as;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    return Promise.resolve(app.request(`${TEST_ORIGIN}${path}`, { method, headers, body }));
  };

  const json = async (method: string, path: string, opts: RequestOptions = {}) => {
    const res = await request(method, path, opts);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  const signIn = async (email: string, name?: string) => {
    const res = await request('POST', '/api/demo/sign-in', { body: { email, name } });
    if (res.status !== 200) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };

  const close = async () => {
    metrics?.stop();
    await notifier.stop();
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  };
  return { app, deps, database, clock, metrics, request, json, signIn, close };
}

/**
 * Counts SQL statements the database runs while `fn` runs, at the driver: on PGlite every Execute or
 * simple Query message handed to the engine, on PostgreSQL every query a client of the pool sends.
 * Statements inside a transaction count, and so do its BEGIN and COMMIT.
 */
export async function statementsDuring(database: Database, fn: () => Promise<unknown>): Promise<number> {
  const stop = database.pglite
    ? countPgliteMessages(database.pglite)
    : await countPoolQueries(database.pool!);
  try {
    await fn();
  } finally {
    stop.restore();
  }
  return stop.count();
}

interface Counting {
  count(): number;
  restore(): void;
}

const EXECUTE = 0x45; // 'E'
const SIMPLE_QUERY = 0x51; // 'Q'

/**
 * The statements a batch of frontend messages runs: its Execute and simple Query messages (PGlite's
 * own query() sends one message a call; the prepared path, decision 047, sends Bind…Execute…Sync in one).
 */
function statementsIn(message: Uint8Array): number {
  let n = 0;
  for (let at = 0; at + 5 <= message.length; ) {
    const type = message[at];
    if (type === EXECUTE || type === SIMPLE_QUERY) n++;
    const length = new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
    at += 1 + length;
  }
  return n;
}

function countPgliteMessages(pglite: NonNullable<Database['pglite']>): Counting {
  let n = 0;
  const target = pglite as unknown as {
    execProtocolRawSync(message: Uint8Array, ...rest: unknown[]): unknown;
  };
  const original = target.execProtocolRawSync;
  target.execProtocolRawSync = function (message, ...rest) {
    n += statementsIn(message);
    return original.call(this, message, ...rest);
  };
  return {
    count: () => n,
    restore: () => {
      target.execProtocolRawSync = original;
    },
  };
}

async function countPoolQueries(pool: NonNullable<Database['pool']>): Promise<Counting> {
  let n = 0;
  const { default: pg } = await import('pg');
  const proto = pg.Client.prototype as unknown as { query(...a: unknown[]): unknown };
  const original = proto.query;
  // Every client of this pool, whether pool.query borrowed it or a transaction holds it.
  const owner = pool as unknown as { _clients: unknown[] };
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (owner._clients.includes(this)) n++;
    return original.apply(this, args);
  };
  return {
    count: () => n,
    restore: () => {
      proto.query = original;
    },
  };
}
