/**
 * Slow clients (issue 33 item 14, decision 055): 300 connections that start a request and never
 * finish its headers, trickling a byte a second, are each answered 408 and closed once
 * HEADERS_TIMEOUT has passed, on PGlite (one process that listens) and on PostgreSQL with workers
 * (the primary hands each connection to a worker, whose server never listens itself). Meanwhile
 * the server answers everyone else.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { get, type RunningServer, startServer } from './support/server';

const COUNT = 300;
const LIMIT_S = 2;

let s: RunningServer | null = null;
afterEach(async () => {
  await s?.stop();
  s = null;
});

interface Slow {
  openedAt: number;
  closedAt: number | null;
  answer: string;
}

/** A connection that sends the start of a request and then a header byte a second, never ending it. */
function slowClient(url: string): Promise<Slow> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const slow: Slow = { openedAt: 0, closedAt: null, answer: '' };
    const socket = net.connect(Number(port), hostname);
    let trickle: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      slow.openedAt = performance.now();
      socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: `);
      trickle = setInterval(() => socket.write('a'), 1_000);
    });
    socket.on('data', (d) => {
      slow.answer += d;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(trickle);
      slow.closedAt = performance.now();
      resolve(slow);
    });
    // What is still open after this is reported open (closedAt null).
    setTimeout(() => {
      if (slow.closedAt !== null) return;
      clearInterval(trickle);
      resolve({ ...slow });
      socket.destroy();
    }, 30_000);
  });
}

async function cutsSlowClients(server: RunningServer) {
  const clients = Array.from({ length: COUNT }, () => slowClient(server.url));
  // While they hang on, everyone else is answered.
  await new Promise((r) => setTimeout(r, 500));
  expect(await get(`${server.url}/api/health`, {})).toBe(200);
  const done = await Promise.all(clients);
  const open = done.filter((c) => c.closedAt === null).length;
  const answered408 = done.filter((c) => c.answer.startsWith('HTTP/1.1 408')).length;
  const heldMs = done.filter((c) => c.closedAt !== null).map((c) => (c.closedAt as number) - c.openedAt);
  console.log(
    `${COUNT} slow clients: ${open} still open after 30 s, ${answered408} answered 408, held ${Math.round(Math.min(...heldMs))}–${Math.round(Math.max(...heldMs))} ms`,
  );
  expect(open).toBe(0);
  expect(answered408).toBe(COUNT);
  // Not cut before the limit (a request's headers may take that long), nor long after it.
  expect(Math.min(...heldMs)).toBeGreaterThanOrEqual(LIMIT_S * 1000 - 50);
  expect(Math.max(...heldMs)).toBeLessThan(LIMIT_S * 1000 + 10_000);
  expect(await get(`${server.url}/api/health`, {})).toBe(200);
}

describe(`${COUNT} clients that never finish their headers`, () => {
  it('are cut on PostgreSQL with workers (connections handed over by the primary)', async () => {
    s = await startServer({ WORKERS: '2', HEADERS_TIMEOUT: String(LIMIT_S) });
    await cutsSlowClients(s);
  }, 120_000);

  it('are cut on PGlite', async () => {
    s = await startServer({ HEADERS_TIMEOUT: String(LIMIT_S) }, { pglite: true });
    await cutsSlowClients(s);
  }, 120_000);
});

/**
 * One keep-alive connection: a request, an answer, `idleMs` of silence, then a second request on the
 * same socket. Whether the second was answered, and whether the server closed the connection after it.
 */
function idleThenAgain(url: string, idleMs: number): Promise<{ second: boolean; closedByServer: boolean }> {
  const { hostname, port } = new URL(url);
  const request = `GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answers = 0;
    let closed = false;
    socket.on('connect', () => socket.write(request));
    socket.on('data', (d) => {
      answers += String(d).split('HTTP/1.1 200').length - 1;
      if (answers === 1) setTimeout(() => (closed ? done() : socket.write(request)), idleMs);
      if (answers === 2) setTimeout(done, 500);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
    });
    const done = () => {
      resolve({ second: answers === 2, closedByServer: closed });
      socket.destroy();
    };
  });
}

describe('an idle keep-alive connection', () => {
  it("is closed after Node's 5 s unless KEEP_ALIVE_TIMEOUT says otherwise", async () => {
    s = await startServer({}, { pglite: true });
    expect(await idleThenAgain(s.url, 6_500)).toEqual({ second: false, closedByServer: true });
  }, 60_000);

  it('stays open KEEP_ALIVE_TIMEOUT seconds, longer than HEADERS_TIMEOUT, with workers', async () => {
    s = await startServer({ WORKERS: '2', KEEP_ALIVE_TIMEOUT: '10', HEADERS_TIMEOUT: String(LIMIT_S) });
    // Idle for 6.5 s (past Node's default and the headers limit): the second request is answered.
    expect(await idleThenAgain(s.url, 6_500)).toEqual({ second: true, closedByServer: false });
  }, 60_000);
});
