import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { TestClock } from '../../src/server/clock';
import type { Config } from '../../src/server/config';
import type { Deps } from '../../src/server/context';
import type { Database } from '../../src/server/db/client';
import { createNotifier } from '../../src/server/realtime/notifier';
import { DiskStorage } from '../../src/server/storage';
import type { Storage } from '../../src/server/storage/storage';
import { freshDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';

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
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    google: null,
    oauthTestIssuer: null,
    demoMode: true,
    logRequests: false,
    s3: null,
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
  const app = createApp(deps);

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
    await notifier.stop();
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  };
  return { app, deps, database, clock, request, json, signIn, close };
}

/** Counts SQL statements sent to the database while `fn` runs. */
export async function statementsDuring(database: Database, fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const target = (database.pglite ?? database.pool) as unknown as Record<
    string,
    (...a: unknown[]) => unknown
  >;
  const methods = database.pglite ? ['query', 'exec'] : ['query'];
  const originals = methods.map((m) => target[m]);
  methods.forEach((m, i) => {
    target[m] = (...args: unknown[]) => {
      n++;
      return originals[i].apply(target, args);
    };
  });
  try {
    await fn();
  } finally {
    methods.forEach((m, i) => {
      target[m] = originals[i];
    });
  }
  return n;
}
