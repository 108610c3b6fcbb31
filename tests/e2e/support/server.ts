import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The repository root: the server finds dist/web relative to itself, PGlite data goes to a temp dir. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = path.join(ROOT, 'dist/server/index.js');

/**
 * Settings of the app that must come from the test, never from the developer's shell. NODE_ENV and
 * TEST too: vitest sets NODE_ENV=test, and better-auth switches its origin and callbackURL checks
 * off under NODE_ENV=test or TEST=true; the server under test runs as `npm start` runs it.
 */
const APP_ENV_VARS = [
  'NODE_ENV',
  'TEST',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'DEMO_MODE',
  'SEED_DEMO',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'OAUTH_TEST_ISSUER',
  'OAUTH_TEST_CLIENT_ID',
  'OAUTH_TEST_CLIENT_SECRET',
  'BETTER_AUTH_SECRET',
  'BETTER_AUTH_URL',
  'LOG_REQUESTS',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'WEBHOOKS_ALLOW_PRIVATE',
  'WEBHOOKS_PORTS',
  'WEBHOOKS_TIMEOUT',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL',
];

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

/**
 * A data directory made once per run by the global setup (a demo server started and stopped on PGlite):
 * servers started without settings that change what the database holds copy it instead of running
 * initdb, the migrations and the demo seed again (about 4 s a server). Tied to the build it came from.
 */
const TEMPLATE_DIR = path.join(os.tmpdir(), 'applyhub-e2e-template');
const TEMPLATE_MARK = path.join(TEMPLATE_DIR, '.built-from');
/** Settings that leave the database as the template has it. */
const TEMPLATE_SAFE_ENV = new Set(['WEBHOOKS_ALLOW_PRIVATE', 'WEBHOOKS_PORTS', 'WEBHOOKS_TIMEOUT']);
const buildStamp = () => String(statSync(SERVER_ENTRY).mtimeMs);

function templateFor(opts: StartServerOptions): string | null {
  if (process.env.DATABASE_URL) return null;
  if (Object.keys(opts.env ?? {}).some((name) => !TEMPLATE_SAFE_ENV.has(name))) return null;
  if (!existsSync(TEMPLATE_MARK) || readFileSync(TEMPLATE_MARK, 'utf8') !== buildStamp()) return null;
  return TEMPLATE_DIR;
}

/** Makes the template data directory for this build (the e2e global setup calls it once). */
export async function makeTemplate(): Promise<void> {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const server = await startServer({ fromTemplate: false, keepData: true });
  await server.stop();
  renameSync(server.dataDir, TEMPLATE_DIR);
  writeFileSync(TEMPLATE_MARK, buildStamp());
}

export interface StartServerOptions {
  /** Extra environment for the server (e.g. OAUTH_TEST_ISSUER, DEMO_MODE). */
  env?: Record<string, string>;
  /** Milliseconds to wait for GET /api/health to answer 200. */
  timeoutMs?: number;
  /** Copy the run's template data directory when the settings allow it (default true). */
  fromTemplate?: boolean;
  /** Leave the data directory in place on stop (for makeTemplate). */
  keepData?: boolean;
}

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** Stops the server and removes its data (temp dir, or the per-server PostgreSQL database). */
  stop(): Promise<void>;
}

// Children still running when the test process exits (a crash, a forgotten stop) are killed with it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts the built server (`node dist/server/index.js`) on a free port of 127.0.0.1 with a fresh data
 * directory. With DATABASE_URL set in the test's environment (pointing at any database of the cluster,
 * e.g. postgres://…/postgres), every server gets its own fresh database, dropped on stop.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run npm run build (the e2e global setup does it).`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-e2e-'));
  const template = opts.fromTemplate === false ? null : templateFor(opts);
  if (template) cpSync(template, dataDir, { recursive: true, filter: (from) => from !== TEMPLATE_MARK });

  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of APP_ENV_VARS) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
  });

  const adminUrl = process.env.DATABASE_URL;
  let databaseName: string | null = null;
  if (adminUrl && !opts.env?.DATABASE_URL) {
    databaseName = `applyhub_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${databaseName}`);
    env.DATABASE_URL = withDatabase(adminUrl, databaseName);
  }
  Object.assign(env, opts.env);

  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
    if (process.env.E2E_SERVER_LOG === '1') process.stderr.write(chunk);
  };
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      append(Buffer.from(`\n[server exited: ${signal ?? `code ${code}`}]\n`));
      resolve(code);
    });
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseName) {
      await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
    }
  };

  const timeoutMs = opts.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server stopped before it was ready (${last}). Its output:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
      last = `GET /api/health answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      last = `GET /api/health failed: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready within ${timeoutMs} ms (${last}). Its output:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return { url, port, dataDir, output: () => log, stop };
}
