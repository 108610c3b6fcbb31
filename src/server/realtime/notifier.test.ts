import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import {
  createPostgresNotifier,
  defaultRetryDelay,
  type ListenClient,
  type Notifier,
  parsePayload,
  RESYNC,
  SubscriberLimitError,
} from './notifier';
import { REALTIME_CHANNEL } from './notify';

/** A scripted stand-in for `pg.Client`: the database is outside the notifier's reconnect logic. */
class FakeClient extends EventEmitter implements ListenClient {
  queries: string[] = [];
  ended = false;
  constructor(
    private readonly connectResult: 'ok' | 'fail',
    public failQueries = false,
  ) {
    super();
  }
  async connect() {
    if (this.connectResult === 'fail') throw new Error('connection refused');
  }
  async query(text: string) {
    this.queries.push(text);
    if (this.failQueries) throw new Error('connection terminated');
    return {};
  }
  async end() {
    this.ended = true;
  }
  notify(payload: string, channel = REALTIME_CHANNEL) {
    this.emit('notification', { channel, payload, processId: 1 } satisfies pg.Notification);
  }
}

const quietLogger = { warn: () => {}, error: () => {} };
const message = (topic: string, data: unknown) => JSON.stringify({ topic, data });

function harness(
  script: ('ok' | 'fail')[],
  extra: { pingIntervalMs?: number; maxSubscribers?: number } = {},
) {
  const clients: FakeClient[] = [];
  const delays: number[] = [];
  const notifier = createPostgresNotifier({
    connectionString: 'postgres://unused',
    createClient: () => {
      const client = new FakeClient(script[clients.length] ?? 'ok');
      clients.push(client);
      return client;
    },
    retryDelay: (attempt) => {
      delays.push(attempt);
      return 1;
    },
    pingIntervalMs: extra.pingIntervalMs ?? 0,
    pingTimeoutMs: 50,
    maxSubscribers: extra.maxSubscribers,
    logger: quietLogger,
  });
  return { notifier, clients, delays };
}

const waitUntil = (what: string, check: () => boolean) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting until ${what}`);
    },
    { timeout: 2_000, interval: 5 },
  );

describe('PostgreSQL notifier (injected client)', () => {
  it('listens on a dedicated client and fans messages out by topic', async () => {
    const { notifier, clients } = harness(['ok']);
    await notifier.start();
    expect(clients).toHaveLength(1);
    expect(clients[0].queries).toEqual([`LISTEN ${REALTIME_CHANNEL}`]);
    expect(notifier.listening).toBe(true);

    const a: unknown[] = [];
    const b: unknown[] = [];
    const unsubscribe = notifier.subscribe('program:a', (d) => a.push(d));
    notifier.subscribe('program:b', (d) => b.push(d));
    clients[0].notify(message('program:a', { n: 1 }));
    clients[0].notify(message('program:b', { n: 2 }));
    clients[0].notify(message('program:a', { n: 3 }), 'some_other_channel');
    unsubscribe();
    unsubscribe(); // twice is harmless
    clients[0].notify(message('program:a', { n: 4 }));
    expect(a).toEqual([{ n: 1 }]);
    expect(b).toEqual([{ n: 2 }]);
    expect(notifier.subscriberCount).toBe(1);
    await notifier.stop();
  });

  it('never throws on a malformed payload, and one failing listener does not starve the others', async () => {
    const { notifier, clients } = harness(['ok']);
    await notifier.start();
    const got: unknown[] = [];
    notifier.subscribe('t', () => {
      throw new Error('listener bug');
    });
    notifier.subscribe('t', (d) => got.push(d));
    for (const bad of ['', 'not json', 'null', '42', '"t"', '{"data":1}', '{"topic":5}', '{"topic":""}']) {
      expect(() => clients[0].notify(bad)).not.toThrow();
    }
    clients[0].notify(message('t', { ok: true }));
    expect(got).toEqual([{ ok: true }]);
    await notifier.stop();
  });

  it('reconnects with backoff after the connection drops, listens again and tells subscribers to resync', async () => {
    // First connection works, then two attempts fail, then one works again.
    const { notifier, clients, delays } = harness(['ok', 'fail', 'fail', 'ok']);
    await notifier.start();
    const got: unknown[] = [];
    notifier.subscribe('program:x', (d) => got.push(d));

    clients[0].emit('error', new Error('terminating connection due to administrator command'));
    clients[0].emit('end'); // pg emits both; only one reconnect may follow
    expect(notifier.listening).toBe(false);
    expect(clients[0].ended).toBe(true);

    await waitUntil('the fourth client listens', () => clients.length === 4 && notifier.listening);
    expect(delays).toEqual([1, 2, 3]); // attempt numbers grow while failing
    expect(clients[3].queries).toEqual([`LISTEN ${REALTIME_CHANNEL}`]);
    expect(got).toEqual([RESYNC]);

    clients[0].notify(message('program:x', { stale: true })); // the dropped client is ignored
    clients[3].notify(message('program:x', { fresh: true }));
    expect(got).toEqual([RESYNC, { fresh: true }]);

    // A later drop starts the backoff from the first attempt again.
    clients[3].emit('end');
    await waitUntil('the fifth client listens', () => clients.length === 5 && notifier.listening);
    expect(delays).toEqual([1, 2, 3, 1]);
    expect(got).toEqual([RESYNC, { fresh: true }, RESYNC]);
    await notifier.stop();
  });

  it('keeps retrying when the database is down at start, without a resync on the first connection', async () => {
    const { notifier, clients } = harness(['fail', 'ok']);
    const got: unknown[] = [];
    notifier.subscribe('t', (d) => got.push(d));
    await notifier.start(); // resolves: realtime must not stop the server from starting
    await waitUntil('the second client listens', () => clients.length === 2 && notifier.listening);
    expect(got).toEqual([]);
    await notifier.stop();
  });

  it('treats a failing ping as a dead connection', async () => {
    const { notifier, clients } = harness(['ok', 'ok'], { pingIntervalMs: 5 });
    await notifier.start();
    clients[0].failQueries = true;
    await waitUntil('a new client listens', () => clients.length === 2 && notifier.listening);
    expect(clients[0].ended).toBe(true);
    await notifier.stop();
  });

  it('stops for good: ends the client, closes subscriptions and does not reconnect', async () => {
    const { notifier, clients } = harness(['ok']);
    await notifier.start();
    const onClose = vi.fn();
    notifier.subscribe('t', () => {}, { onClose });
    await notifier.stop();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(clients[0].ended).toBe(true);
    expect(notifier.subscriberCount).toBe(0);
    clients[0].emit('end');
    await new Promise((r) => setTimeout(r, 20));
    expect(clients).toHaveLength(1);
    await notifier.stop(); // idempotent
  });

  it('caps subscribers per process', async () => {
    const { notifier } = harness(['ok'], { maxSubscribers: 2 });
    const first = notifier.subscribe('a', () => {});
    notifier.subscribe('b', () => {});
    expect(() => notifier.subscribe('c', () => {})).toThrow(SubscriberLimitError);
    first();
    expect(() => notifier.subscribe('c', () => {})).not.toThrow();
    await (notifier as Notifier).stop();
  });
});

describe('payloads and backoff', () => {
  it('parses only {topic, data} objects', () => {
    expect(parsePayload('{"topic":"a","data":{"x":1}}')).toEqual({ topic: 'a', data: { x: 1 } });
    expect(parsePayload('{"topic":"a"}')).toEqual({ topic: 'a', data: {} });
    expect(parsePayload('[1]')).toBeNull();
    expect(parsePayload(undefined)).toBeNull();
  });

  it('backs off exponentially with jitter, capped at 30 s', () => {
    for (let i = 0; i < 50; i++) {
      const first = defaultRetryDelay(1);
      expect(first).toBeGreaterThanOrEqual(125);
      expect(first).toBeLessThanOrEqual(250);
      expect(defaultRetryDelay(4)).toBeGreaterThanOrEqual(1_000);
      expect(defaultRetryDelay(40)).toBeLessThanOrEqual(30_000);
      expect(defaultRetryDelay(40)).toBeGreaterThanOrEqual(15_000);
    }
  });
});
