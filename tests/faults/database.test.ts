import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import {
  applicantWithApplication,
  type RunningServer,
  sigtermWithRequestsInFlight,
  startServer,
} from './support/server';

/** The real server on PostgreSQL through a proxy that drops, refuses and blackholes connections. */
let s: RunningServer;
beforeAll(async () => {
  s = await startServer();
}, 180_000);
afterAll(() => s?.stop());

const alive = () => s.child.exitCode === null && s.child.signalCode === null;

/** Answers with its status, or 0 when the connection failed or no answer came within `ms`. */
async function statusOf(url: string, init: RequestInit = {}, ms = 20_000): Promise<number> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) })
    .then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    })
    .catch(() => 0);
}

describe('database faults', () => {
  it('survives connections cut in the middle of ~16 concurrent autosaves', async () => {
    const people = await Promise.all(
      Array.from({ length: 16 }, (_, i) => applicantWithApplication(s.url, i, demoProgramId(1))),
    );
    const seen = new Set<number>();
    for (let round = 0; round < 14; round++) {
      const saves = people.map((p, i) =>
        statusOf(`${s.url}/api/applications/${p.appId}/answers`, {
          method: 'PUT',
          headers: p.headers,
          body: JSON.stringify({ answers: { q_repertoire: `Bach, take ${round}.${i}` }, version: round }),
        }),
      );
      // One cut a round, each round later in the saves' traffic (session lookups first, then the
      // transactions): some cuts land between BEGIN and COMMIT, where a pooled client is checked out.
      let pending = true;
      const all = Promise.all(saves).finally(() => {
        pending = false;
      });
      const before = s.proxy.forwarded;
      while (pending && s.proxy.forwarded < before + 2 + round * 5)
        await new Promise((r) => setTimeout(r, 1));
      s.proxy.cut();
      for (const status of await all) seen.add(status);
      expect(alive(), s.output()).toBe(true);
    }
    console.log([...seen], s.output().slice(-3000));
    // Each save is answered: saved, a version conflict, or 503: never a crash or a 500.
    for (const status of seen) expect([200, 409, 503]).toContain(status);
    // Then it recovers: the health check's own query may meet a pooled connection the last cut killed
    // (503 once), the next one gets a fresh connection.
    await expect.poll(() => statusOf(`${s.url}/api/health`), { timeout: 30_000, interval: 500 }).toBe(200);
    expect(alive()).toBe(true);
  }, 120_000);

  it('answers 503 unavailable with Retry-After while the database is down', async () => {
    s.proxy.mode = 'refuse';
    s.proxy.cut();
    try {
      const res = await fetch(`${s.url}/api/programs`, { signal: AbortSignal.timeout(20_000) });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await res.json()).error.code).toBe('unavailable');
      expect(await statusOf(`${s.url}/api/health`)).toBe(503);
    } finally {
      s.proxy.mode = 'pass';
    }
    expect(await statusOf(`${s.url}/api/programs`)).toBe(200);
  }, 60_000);

  it('answers health 503 when the database does not reply at all (blackholed)', async () => {
    s.proxy.mode = 'blackhole';
    try {
      // Bounded by the abort: without a deadline, health would wait for the network forever.
      expect(await statusOf(`${s.url}/api/health`, {}, 8_000)).toBe(503);
    } finally {
      s.proxy.mode = 'pass';
      s.proxy.cut();
    }
    expect(await statusOf(`${s.url}/api/health`)).toBe(200);
  }, 60_000);
});

describe('a database that does not reply (blackholed)', () => {
  it('answers every kind of request 503 within 10 s: reads, autosaves, sign-ins and transactions', async () => {
    const people = await Promise.all(
      Array.from({ length: 3 }, (_, i) => applicantWithApplication(s.url, 300 + i, demoProgramId(1))),
    );
    // Every pooled connection open (and idle) when the network goes quiet: requests wait on replies.
    s.proxy.delayMs = 100;
    await Promise.all(Array.from({ length: 12 }, () => statusOf(`${s.url}/api/programs`)));
    s.proxy.delayMs = 0;
    s.proxy.mode = 'blackhole';
    try {
      const [a, b, c] = people;
      const requests: [string, RequestInit][] = [
        ['/api/programs', {}],
        ['/api/me', { headers: a.headers }],
        [
          `/api/applications/${a.appId}/answers`,
          { method: 'PUT', headers: a.headers, body: JSON.stringify({ answers: {}, version: 1 }) },
        ],
        [
          `/api/applications/${b.appId}/submit`,
          { method: 'POST', headers: b.headers, body: JSON.stringify({ answers: {}, version: 1 }) },
        ],
        [
          '/api/me/onboarding',
          { method: 'POST', headers: c.headers, body: JSON.stringify({ accept_terms: true }) },
        ],
        [
          '/api/demo/sign-in',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: s.url },
            body: JSON.stringify({ email: 'blackholed@example.test' }),
          },
        ],
      ];
      // 0 when no answer came within 10 s (the bound README promises).
      const statuses = await Promise.all(
        requests.map(([path, init]) => statusOf(`${s.url}${path}`, init, 10_000)),
      );
      expect(statuses).toEqual(requests.map(() => 503));
    } finally {
      s.proxy.mode = 'pass';
      s.proxy.cut();
    }
    // Connections idle in the pool through the outage were cut with it: a request that takes one
    // before the pool has seen it close fails (503) on its own; the next ones find new connections.
    const after: number[] = [];
    for (let k = 0; k < 3; k++) after.push(await statusOf(`${s.url}/api/programs`));
    expect(after.at(-1)).toBe(200);
  }, 60_000);
});

describe('sessions while the database is down', () => {
  const json = { 'content-type': 'application/json' };
  // PUBLIC_URL's origin: better-auth checks a cookie-carrying write against it.
  const publicOrigin = () => s.url.replace('127.0.0.1', 'localhost');
  const signIn = (email: string) =>
    fetch(`${s.url}/api/demo/sign-in`, {
      method: 'POST',
      headers: { ...json, origin: s.url },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(20_000),
    });
  const signOut = (cookie: string) =>
    fetch(`${s.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { ...json, origin: publicOrigin(), cookie },
      body: '{}',
      signal: AbortSignal.timeout(20_000),
    });
  const me = (cookie: string) => statusOf(`${s.url}/api/me`, { headers: { cookie } });

  it('sign-out and sign-in answer 503, a failed sign-out leaves the session as it was, and no log line holds the token or the email', async () => {
    const email = 'outage.session@example.test';
    const newcomer = 'outage.newcomer@example.test';
    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = decodeURIComponent(cookie.match(/session_token=([^;]+)/)?.[1] ?? '').split('.')[0];
    expect(token.length).toBeGreaterThan(20);
    const logFrom = s.output().length;

    s.proxy.mode = 'refuse';
    s.proxy.cut();
    try {
      const out = await signOut(cookie);
      expect(out.status).toBe(503);
      expect(out.headers.get('retry-after')).toMatch(/^\d+$/);
      // Nothing tells the browser the session ended: its cookie is not cleared.
      expect(out.headers.getSetCookie()).toEqual([]);
      expect((await signIn(email)).status).toBe(503);
      expect((await signIn(newcomer)).status).toBe(503);
    } finally {
      s.proxy.mode = 'pass';
    }
    // Sign-out said it failed, and it did: the session still works; a sign-out now ends it.
    expect(await me(cookie)).toBe(200);
    expect((await signOut(cookie)).status).toBe(200);
    expect(await me(cookie)).toBe(401);

    const log = s.output().slice(logFrom);
    expect(log).not.toContain(token);
    expect(log).not.toContain(email);
    expect(log).not.toContain(newcomer);
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  }, 60_000);
});

describe('SIGTERM', () => {
  it('answers health 503 at once, every request in flight and every request sent just before on a fresh connection, then exits cleanly', async () => {
    const people = await Promise.all(
      Array.from({ length: 8 }, (_, i) => applicantWithApplication(s.url, 100 + i, demoProgramId(1))),
    );
    const { statuses, saves, health, exitCode } = await sigtermWithRequestsInFlight(
      s,
      people,
      40,
      (p, i) => (i % 2 ? `/api/applications/${p.appId}` : '/api/me/applications'),
      30,
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Each save answered: saved, or a version conflict (several saves share an applicant). 0 is a reset.
    expect(saves.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(health).toBe(503);
    expect(exitCode).toBe(0);
  }, 120_000);
});
