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
    expect(await statusOf(`${s.url}/api/health`)).toBe(200);
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

describe('SIGTERM', () => {
  it('answers every request in flight, then exits cleanly', async () => {
    const people = await Promise.all(
      Array.from({ length: 8 }, (_, i) => applicantWithApplication(s.url, 100 + i, demoProgramId(1))),
    );
    const { statuses, exitCode } = await sigtermWithRequestsInFlight(s, people, 40, (p, i) =>
      i % 2 ? `/api/applications/${p.appId}` : '/api/me/applications',
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(exitCode).toBe(0);
  }, 120_000);
});
