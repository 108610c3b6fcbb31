import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { sleep } from './stats';

/** The environment of a server child: demo mode, no outside credentials, quiet. */
export function serverEnv(
  port: number,
  dataDir: string,
  databaseUrl: string | null,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|GOOGLE_|OAUTH_TEST_|BETTER_AUTH_|S3_|SEED_DEMO$)/.test(key)) delete env[key];
  }
  return {
    ...env,
    NODE_ENV: 'development',
    DEMO_MODE: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

/** Ports other developers' servers and tests use: never benchmark on them. */
const RESERVED = new Set([3000, 3100, 3999]);

/** A free TCP port on 127.0.0.1 (asks the kernel; a few bounded attempts). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const address = srv.address();
        const found = typeof address === 'object' && address ? address.port : 0;
        srv.close(() => resolve(found));
      });
    });
    if (port && !RESERVED.has(port)) return port;
  }
  throw new Error('Could not find a free port on 127.0.0.1.');
}

export interface Child {
  name: string;
  proc: ChildProcess;
  /** Last lines the child printed (stdout and stderr), for error messages. */
  output(): string;
  exited(): boolean;
  /** Resident memory of the child in MB (Linux /proc), or null when unavailable. */
  rssMb(): number | null;
  /** CPU time the child has used so far in ms (user + system, Linux /proc), or null when unavailable. */
  cpuMs(): number | null;
}

/** Linux's USER_HZ: /proc reports CPU times in these ticks. */
const TICKS_PER_SECOND = 100;

const running = new Set<Child>();

/**
 * Starts `node args…` as a child. Its stdout and stderr come back through pipes (the last lines are
 * kept for error messages), or, with `stdoutFd`, its stdout goes straight to that file descriptor (a
 * log file: the runner, which is also the load generator, then spends no CPU reading its log lines).
 */
export function startChild(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  stdoutFd?: number,
): Child {
  const proc = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let done = false;
  proc.on('exit', () => {
    done = true;
  });
  const child: Child = {
    name,
    proc,
    output: () => log.trim(),
    exited: () => done,
    cpuMs: () => {
      try {
        // Fields 14 and 15 (utime, stime) after the command name, which is in parentheses.
        const stat = readFileSync(`/proc/${proc.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      } catch {
        return null;
      }
    },
    rssMb: () => {
      try {
        const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
      } catch {
        return null;
      }
    },
  };
  running.add(child);
  proc.on('exit', () => running.delete(child));
  return child;
}

/** Polls `url` until it answers 200; fails when the child exits or `timeoutMs` passes. */
export async function waitReady(child: Child, url: string, timeoutMs = 90_000): Promise<number> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exited()) {
      throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopChild(child: Child, graceMs = 5000): Promise<void> {
  if (child.exited()) return;
  const gone = new Promise<void>((resolve) => child.proc.once('exit', () => resolve()));
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!child.exited()) child.proc.kill('SIGKILL');
  }, graceMs);
  await gone;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((c) => stopChild(c)));
}

/** Last-resort cleanup when the runner itself is interrupted: kill what this process started. */
export function killAllNow(): void {
  for (const child of running) {
    if (!child.exited()) child.proc.kill('SIGKILL');
  }
}
