import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FaultProxy } from './proxy';

export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `database` on the test cluster, as `role` (default: the cluster's administrator). */
export function databaseUrl(database: string, role?: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  if (role) {
    url.username = role;
    url.password = '';
  }
  return url.toString();
}

export async function admin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface RunningServer {
  url: string;
  /** Its database's name, or PGlite's data directory (pass it to {@link startServer} to start again on the same data). */
  database: string;
  proxy: FaultProxy;
  child: ChildProcess;
  /** Output of the server so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
  /** Stops it and drops its database. */
  stop(): Promise<void>;
  /** kill -9, as a crash would: the database is kept for a restart. */
  crash(): Promise<void>;
}

/**
 * The real server (src/server/index.ts, demo data) in a child process, on a fresh PostgreSQL
 * database reached through a FaultProxy (or on `database`, left by a server that crashed). One
 * process unless `env` sets WORKERS. With `pglite`, on the embedded database instead, in a fresh data
 * directory (or `database`, the directory of a server that stopped).
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    database,
    role,
    migrated = false,
    pglite = false,
  }: {
    database?: string;
    pglite?: boolean;
    role?: string;
    /** With `role`: the database is migrated already (db:migrate); the server gets no owner URL. */
    migrated?: boolean;
  } = {},
): Promise<RunningServer> {
  const name =
    database ??
    (pglite
      ? mkdtempSync(path.join(os.tmpdir(), 'applyhub-fault-'))
      : `applyhub_fault_${randomBytes(5).toString('hex')}`);
  if (!database && !pglite) await admin(`create database ${name}`);
  const target = new URL(POSTGRES_URL);
  const proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(POSTGRES_URL);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  viaProxy.pathname = `/${name}`;
  // With `role`, the server connects as that role (without DDL rights) and migrates as the owner.
  if (role) {
    viaProxy.username = role;
    viaProxy.password = '';
    if (!migrated) env = { MIGRATION_DATABASE_URL: databaseUrl(name), ...env };
  }
  const port = await freePort();
  const dataDir = pglite ? name : mkdtempSync(path.join(os.tmpdir(), 'applyhub-fault-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: pglite ? '' : viaProxy.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: '1',
      LOG_REQUESTS: '0',
      BETTER_AUTH_SECRET: 'fault-test-secret-fault-test-secret-0123456789',
      WORKERS: '1',
      // Health answers 503 for this long after SIGTERM while everything else is still served.
      SHUTDOWN_DELAY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited on start:\n${output}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 600) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  let crashed = false;
  const crash = async () => {
    crashed = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await proxy.close();
    if (!pglite) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (!crashed) await crash();
    if (pglite) rmSync(dataDir, { recursive: true, force: true });
    else await admin(`drop database if exists ${name} with (force)`);
  };
  return { url, database: name, proxy, child, output: () => output, exited, stop, crash };
}

/** A signed-in, onboarded applicant with an application to an open demo program. */
export async function applicantWithApplication(url: string, n: number, programId: string) {
  const headers = { 'content-type': 'application/json', origin: url };
  const signIn = await fetch(`${url}/api/demo/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `fault.${n}@example.test`, name: `Fault ${n}` }),
  });
  if (!signIn.ok) throw new Error(`sign-in ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const withCookie = { ...headers, cookie };
  const onboard = await fetch(`${url}/api/me/onboarding`, {
    method: 'POST',
    headers: withCookie,
    body: JSON.stringify({ accept_terms: true }),
  });
  if (!onboard.ok) throw new Error(`onboarding ${onboard.status}`);
  const started = await fetch(`${url}/api/programs/${programId}/applications`, {
    method: 'POST',
    headers: withCookie,
  });
  if (!started.ok) throw new Error(`start ${started.status}`);
  const { id } = (await started.json()) as { id: string };
  return { cookie, headers: withCookie, appId: id };
}

/**
 * A request on its own connection: its status, 0 when the connection failed (refused, reset) and -1
 * when no answer came within `timeoutMs`. `onSent` runs once the request is written to an open socket.
 */
export function send(
  url: string,
  { method = 'GET', headers = {}, body, timeoutMs = 30_000, onSent = () => {} }: SendOptions = {},
): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.setTimeout(timeoutMs, () => {
      resolve(-1);
      req.destroy();
    });
    req.on('finish', onSent);
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  onSent?: () => void;
}

/** A GET on its own connection (see send). */
export function get(url: string, headers: Record<string, string>, onSent = () => {}): Promise<number> {
  return send(url, { headers, onSent });
}

type Applicant = Awaited<ReturnType<typeof applicantWithApplication>>;

/** How long before SIGTERM the fresh-connection autosaves are sent (issue 23 item 4 measured 15 ms). */
const FRESH_LEAD_MS = 15;

/**
 * `count` GETs on their own connections while every query is slow (150 ms), then SIGTERM once all
 * have reached the server; `fresh` autosaves, each on a new connection, sent just before the signal
 * (accepted by the kernel, not yet by the server); and a health check right after it. Their statuses
 * (0: reset or refused) and the server's exit code.
 */
export async function sigtermWithRequestsInFlight(
  server: RunningServer,
  people: Applicant[],
  count: number,
  pathOf: (person: Applicant, i: number) => string,
  fresh = 0,
): Promise<{ statuses: number[]; saves: number[]; health: number; exitCode: number | null }> {
  server.proxy.delayMs = 150;
  let sent = 0;
  const requests = Array.from({ length: count }, (_, i) => {
    const p = people[i % people.length];
    return get(`${server.url}${pathOf(p, i)}`, p.headers, () => sent++);
  });
  // SIGTERM once every request has reached the server (sent on an open connection).
  while (sent < count) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 200)); // accepted, not only queued by the kernel
  const saves = Array.from({ length: fresh }, (_, i) => {
    const p = people[i % people.length];
    const body = JSON.stringify({ answers: { q_repertoire: `Saved before SIGTERM ${i}` }, version: 1 });
    return send(`${server.url}/api/applications/${p.appId}/answers`, {
      method: 'PUT',
      headers: p.headers,
      body,
    });
  });
  await new Promise((r) => setTimeout(r, FRESH_LEAD_MS));
  server.child.kill('SIGTERM');
  server.proxy.delayMs = 0; // what is in flight stays in flight; the drain need not take long
  await new Promise((r) => setTimeout(r, 50));
  const health = fresh ? await get(`${server.url}/api/health`, {}) : 200;
  return {
    statuses: await Promise.all(requests),
    saves: await Promise.all(saves),
    health,
    exitCode: await server.exited,
  };
}
