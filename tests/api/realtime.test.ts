import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionMiddleware } from '../../src/server/auth/session';
import type { AppEnv } from '../../src/server/context';
import { type Database, openPostgres } from '../../src/server/db/client';
import { assignments, organizations, programs, user } from '../../src/server/db/schema';
import { errorResponse } from '../../src/server/http/errors';
import { createNotifier, type ListenClient, RESYNC } from '../../src/server/realtime/notifier';
import { notifyTopic } from '../../src/server/realtime/notify';
import { type EventsOptions, eventsRoutes } from '../../src/server/realtime/routes';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type Role, roles, type World } from '../support/world';

const onPostgres = !!process.env.DATABASE_URL;
const WAIT_MS = 5_000;

interface SseEvent {
  event: string;
  data: string;
  /** A comment line (`: …`), such as the heartbeat. */
  comment?: string;
}

/** Reads a `text/event-stream` response body event by event, each wait bounded. */
class EventStream {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(readonly response: Response) {
    if (!response.body) throw new Error('the response has no body');
    this.reader = response.body.getReader();
  }

  /** The next event (heartbeat comments skipped unless asked for). */
  async next(waitingFor: string, { comments = false } = {}): Promise<SseEvent> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parseBlock(block);
        if (event.comment !== undefined && !comments) continue;
        return event;
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no event within ${WAIT_MS} ms while waiting for ${waitingFor}`)),
          WAIT_MS,
        );
      });
      const chunk = await Promise.race([this.reader.read(), timeout]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error(`the stream ended while waiting for ${waitingFor}`);
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next `change` event's parsed data. */
  async nextChange(waitingFor: string): Promise<unknown> {
    const event = await this.next(waitingFor);
    expect(event.event, `expected a change event while waiting for ${waitingFor}`).toBe('change');
    return JSON.parse(event.data);
  }

  close() {
    return this.reader.cancel().catch(() => {});
  }
}

function parseBlock(block: string): SseEvent {
  const event: SseEvent = { event: 'message', data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) event.event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  event.data = data.join('\n');
  return event;
}

let t: TestApp;
let world: World;
let riversidePrograms: string[];
let admin: string;

const topicOf = (programId: string) => `program:${programId}`;

async function subscribe(topics: string | string[], cookie: string | null = admin, app: TestApp = t) {
  const query = [topics]
    .flat()
    .map((topic) => `topic=${encodeURIComponent(topic)}`)
    .join('&');
  const res = await app.request('GET', `/api/events?${query}`, { as: cookie });
  if (res.status !== 200) throw new Error(`subscribing failed: ${res.status} ${await res.text()}`);
  const stream = new EventStream(res);
  const ready = await stream.next('the ready event');
  expect(ready.event).toBe('ready');
  expect(JSON.parse(ready.data)).toEqual({ topics: [topics].flat() });
  return stream;
}

/** Commits a transaction that announces `data` on `topic`. */
const commit = (topic: string, data: unknown, db = t.deps.db) =>
  db.transaction(async (tx) => {
    await notifyTopic(tx, topic, data);
  });

const waitUntil = (what: string, check: () => boolean) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting until ${what}`);
    },
    { timeout: WAIT_MS, interval: 10 },
  );

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t); // seeds the demo data set: admin@demo.test administers riverside-arts
  const [riverside] = await t.deps.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, 'riverside-arts'));
  riversidePrograms = (
    await t.deps.db
      .select({ id: programs.id })
      .from(programs)
      .where(eq(programs.organizationId, riverside.id))
      .limit(2)
  ).map((p) => p.id);
  expect(riversidePrograms).toHaveLength(2);
  admin = world.cookies.orgAdmin as string;
}, 120_000);
afterAll(() => t.close());

describe(`GET /api/events on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('streams a committed change to subscribers of its topic, never a rolled-back one', async () => {
    const [programId] = riversidePrograms;
    const stream = await subscribe(topicOf(programId));
    try {
      await expect(
        t.deps.db.transaction(async (tx) => {
          await notifyTopic(tx, topicOf(programId), { step: 'rolled back' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await commit(topicOf(programId), { step: 'committed' });
      // Postgres delivers in commit order, so had the rolled-back change been sent it would come first.
      expect(await stream.nextChange('the committed change')).toEqual({ step: 'committed' });
      await commit(topicOf(programId), { step: 'second' });
      expect(await stream.nextChange('the second change')).toEqual({ step: 'second' });
    } finally {
      await stream.close();
    }
  });

  it('sends nothing to a subscriber of another topic', async () => {
    const [watched, other] = riversidePrograms;
    const stream = await subscribe(topicOf(watched));
    try {
      await commit(topicOf(other), { for: 'the other program' });
      await commit(topicOf(watched), { for: 'the watched program' });
      expect(await stream.nextChange('the watched program’s change')).toEqual({ for: 'the watched program' });
    } finally {
      await stream.close();
    }
  });

  it('watches several topics on one connection', async () => {
    const [a, b] = riversidePrograms;
    const stream = await subscribe([topicOf(a), topicOf(b)]);
    try {
      await commit(topicOf(a), { n: 1 });
      await commit(topicOf(b), { n: 2 });
      expect(await stream.nextChange('the first change')).toEqual({ n: 1 });
      expect(await stream.nextChange('the second change')).toEqual({ n: 2 });
    } finally {
      await stream.close();
    }
  });

  it('answers with event-stream headers proxies leave unbuffered', async () => {
    const stream = await subscribe(topicOf(riversidePrograms[0]));
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('cache-control')).toBe('no-cache');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    } finally {
      await stream.close();
    }
  });

  it('unsubscribes when the client disconnects', async () => {
    const before = t.deps.notifier.subscriberCount;
    const stream = await subscribe([topicOf(riversidePrograms[0]), topicOf(riversidePrograms[1])]);
    expect(t.deps.notifier.subscriberCount).toBe(before + 2);
    await stream.close();
    await waitUntil('both subscriptions are gone', () => t.deps.notifier.subscriberCount === before);
  });
});

describe('GET /api/events with tuned limits', () => {
  /** The events router alone, with options the composed app does not expose. */
  const appWith = (options: EventsOptions, deps: Partial<TestApp['deps']> = {}) => {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', { ...t.deps, ...deps });
      await next();
    });
    app.use('*', sessionMiddleware());
    app.route('/api', eventsRoutes(options));
    app.onError((err, c) => errorResponse(c, err));
    return {
      ...t,
      request: (method: string, path: string, opts: { as?: string | null } = {}) =>
        Promise.resolve(
          app.request(`http://localhost:3000${path}`, {
            method,
            headers: opts.as ? { cookie: opts.as } : {},
          }),
        ),
    } as TestApp;
  };

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await subscribe(topicOf(riversidePrograms[0]), admin, appWith({ heartbeatMs: 10 }));
    try {
      expect(await stream.next('a heartbeat', { comments: true })).toMatchObject({ comment: 'heartbeat' });
    } finally {
      await stream.close();
    }
  });

  it('closes the stream of a client that stops reading, releasing its subscription', async () => {
    const before = t.deps.notifier.subscriberCount;
    const topic = topicOf(riversidePrograms[0]);
    const stream = await subscribe(topic, admin, appWith({ maxQueued: 2 }));
    try {
      for (let i = 0; i < 10; i++) await commit(topic, { i });
      await waitUntil('the slow stream is unsubscribed', () => t.deps.notifier.subscriberCount === before);
      // What was already written is still readable, then the stream ends.
      const seen: SseEvent[] = [];
      await expect(
        (async () => {
          for (;;) seen.push(await stream.next('the end of the stream'));
        })(),
      ).rejects.toThrow('the stream ended');
      expect(seen.length).toBeLessThan(10);
    } finally {
      await stream.close();
    }
  });

  it('limits open streams per user', async () => {
    const app = appWith({ maxStreamsPerUser: 1 });
    const first = await subscribe(topicOf(riversidePrograms[0]), admin, app);
    try {
      const res = await app.request('GET', `/api/events?topic=${topicOf(riversidePrograms[1])}`, {
        as: admin,
      });
      expect(res.status).toBe(429);
      expect((await res.json()).error.code).toBe('rate_limited');
    } finally {
      await first.close();
    }
    const again = await subscribe(topicOf(riversidePrograms[1]), admin, app);
    await again.close();
  });

  it('answers 503 when the process holds as many subscriptions as it may', async () => {
    const notifier = createNotifier(t.database, { maxSubscribers: 1 });
    await notifier.start();
    try {
      const app = appWith({}, { notifier });
      const first = await subscribe(topicOf(riversidePrograms[0]), admin, app);
      try {
        const res = await app.request('GET', `/api/events?topic=${topicOf(riversidePrograms[1])}`, {
          as: admin,
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect((await res.json()).error.code).toBe('unavailable');
      } finally {
        await first.close();
      }
    } finally {
      await notifier.stop();
    }
  });

  describe('a stream ends when its session loses the rights it was opened with', () => {
    const email = 'stream.admin@example.test';
    let cookie: string;
    let assignmentId: string;
    const app = () => appWith({ recheckMs: 10, heartbeatMs: 10 });

    beforeAll(async () => {
      cookie = await t.signIn(email);
      await t.request('POST', '/api/me/onboarding', { as: cookie, body: { accept_terms: true } });
      const [{ id: userId }] = await t.deps.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email));
      [{ id: assignmentId }] = await t.deps.db
        .insert(assignments)
        .values({ userId, kind: 'org_admin', scopeType: 'org', scopeId: world.ids.riversideOrg })
        .returning({ id: assignments.id });
    });

    /** Reads heartbeats until the stream ends; fails if it outlives `count` of them. */
    const endsWithin = async (stream: EventStream, count: number) => {
      for (let i = 0; i < count; i++) {
        try {
          await stream.next('a heartbeat', { comments: true });
        } catch (err) {
          expect(String(err)).toContain('the stream ended');
          return;
        }
      }
      throw new Error(`the stream outlived ${count} heartbeats`);
    };

    it('stays open while nothing changes (many checks pass)', async () => {
      const stream = await subscribe(topicOf(riversidePrograms[0]), cookie, app());
      try {
        for (let i = 0; i < 20; i++) {
          expect(await stream.next('a heartbeat', { comments: true })).toMatchObject({
            comment: 'heartbeat',
          });
        }
      } finally {
        await stream.close();
      }
    });

    it('stays open when a right is gained (nothing it was authorized for is lost)', async () => {
      const stream = await subscribe(topicOf(riversidePrograms[0]), cookie, app());
      const [{ id: userId }] = await t.deps.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email));
      const [{ id: gained }] = await t.deps.db
        .insert(assignments)
        .values({ userId, kind: 'reviewer', scopeType: 'org', scopeId: world.ids.riversideOrg })
        .returning({ id: assignments.id });
      try {
        for (let i = 0; i < 20; i++) {
          expect(await stream.next('a heartbeat', { comments: true })).toMatchObject({
            comment: 'heartbeat',
          });
        }
      } finally {
        await stream.close();
        await t.deps.db.delete(assignments).where(eq(assignments.id, gained));
      }
    });

    it('ends when the org admin role is revoked, and the reconnect is refused', async () => {
      const stream = await subscribe(topicOf(riversidePrograms[0]), cookie, app());
      await t.deps.db.update(assignments).set({ status: 'revoked' }).where(eq(assignments.id, assignmentId));
      try {
        await endsWithin(stream, 500);
      } finally {
        await stream.close();
        await t.deps.db.update(assignments).set({ status: 'active' }).where(eq(assignments.id, assignmentId));
      }
      await t.deps.db.update(assignments).set({ status: 'revoked' }).where(eq(assignments.id, assignmentId));
      const again = await app().request('GET', `/api/events?topic=${topicOf(riversidePrograms[0])}`, {
        as: cookie,
      });
      expect(again.status).toBe(403);
      await t.deps.db.update(assignments).set({ status: 'active' }).where(eq(assignments.id, assignmentId));
    });

    it('ends when the session is signed out', async () => {
      const own = await t.signIn(email);
      const stream = await subscribe(topicOf(riversidePrograms[0]), own, app());
      const signOut = await t.request('POST', '/api/auth/sign-out', { as: own, body: {} });
      expect(signOut.status).toBe(200);
      try {
        await endsWithin(stream, 500);
      } finally {
        await stream.close();
      }
    });
  });
});

describe('GET /api/events authorization', () => {
  // program:admin (org admin, program admin), program:edit-coalition (its coalition's manager), super admin.
  const expected: Record<Role, number> = {
    visitor: 401,
    deleted: 401,
    notOnboarded: 403,
    applicant: 403,
    otherOrgAdmin: 403,
    orgAdmin: 200,
    otherReviewer: 403,
    reviewer: 403,
    coalitionManager: 200,
    otherCoalitionManager: 403,
    superAdmin: 200,
  };

  it.each(roles)('%s watching a riverside program', async (role) => {
    const res = await t.request('GET', `/api/events?topic=${topicOf(world.ids.draftProgram)}`, {
      as: world.cookies[role],
    });
    try {
      expect(res.status).toBe(expected[role]);
      if (res.status === 401) expect((await res.json()).error.code).toBe('unauthenticated');
      if (res.status === 403) expect((await res.json()).error.code).toBe('forbidden');
      if (res.status === 200) expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    } finally {
      await res.body?.cancel().catch(() => {});
    }
  });

  it('refuses topics that are unknown, malformed, of an invisible program, or missing', async () => {
    const status = async (query: string) => {
      const res = await t.request('GET', `/api/events${query}`, { as: admin });
      await res.body?.cancel().catch(() => {});
      return res.status;
    };
    expect(await status('?topic=secrets')).toBe(403);
    expect(await status('?topic=program:not-a-uuid')).toBe(403);
    expect(await status('?topic=program:00000000-0000-4000-8000-000000000000')).toBe(403);
    expect(await status(`?topic=${topicOf(world.ids.otherOrgProgram)}`)).toBe(403);
    // One forbidden topic refuses the whole connection.
    expect(
      await status(`?topic=${topicOf(world.ids.draftProgram)}&topic=${topicOf(world.ids.otherOrgProgram)}`),
    ).toBe(403);
    expect(await status('')).toBe(422);
    await waitUntil('no subscription is left', () => t.deps.notifier.subscriberCount === 0);
  });
});

describe.runIf(onPostgres)('GET /api/events across server instances (PostgreSQL)', () => {
  let second: Database;
  let t2: TestApp;
  beforeAll(async () => {
    // A second instance: its own pool and its own notifier on the same database.
    second = await openPostgres(t.database.connectionString as string, 2);
    t2 = await createTestApp({ database: second });
  });
  afterAll(() => t2?.close());

  it('delivers a change committed through one instance to subscribers of another', async () => {
    const [programId] = riversidePrograms;
    const topic = topicOf(programId);
    const heard: unknown[] = [];
    const unsubscribe = t2.deps.notifier.subscribe(topic, (data) => heard.push(data));
    // Instance one hears its own change too; a stream opened there before it has would get it.
    const heardByOne: unknown[] = [];
    const unsubscribeOne = t.deps.notifier.subscribe(topic, (data) => heardByOne.push(data));
    const stream = await subscribe(topic, admin, t2);
    try {
      await commit(topic, { via: 'instance one' }, t.deps.db);
      expect(await stream.nextChange('the change from the other instance')).toEqual({ via: 'instance one' });
      expect(heard).toEqual([{ via: 'instance one' }]);
      await waitUntil('instance one heard its own change', () => heardByOne.length === 1);
      // And the other way round.
      const back = await subscribe(topic, admin, t);
      try {
        await commit(topic, { via: 'instance two' }, t2.deps.db);
        expect(await back.nextChange('the change from instance two')).toEqual({ via: 'instance two' });
      } finally {
        await back.close();
      }
    } finally {
      unsubscribe();
      unsubscribeOne();
      await stream.close();
    }
  });

  it('re-listens after its connection is killed and tells subscribers to resync', async () => {
    const clients: pg.Client[] = [];
    const notifier = createNotifier(t.database, {
      createClient: () => {
        const client = new pg.Client({ connectionString: t.database.connectionString });
        clients.push(client);
        return client as unknown as ListenClient;
      },
      retryDelay: () => 10,
      logger: { warn: () => {}, error: () => {} },
    });
    await notifier.start();
    const topic = topicOf(riversidePrograms[0]);
    const heard: unknown[] = [];
    notifier.subscribe(topic, (data) => heard.push(data));
    try {
      await commit(topic, { n: 1 });
      await waitUntil('the first change arrives', () => heard.length === 1);

      const [{ terminated }] = (
        await t.database.pool!.query('select pg_terminate_backend($1) as terminated', [
          (clients[0] as unknown as { processID: number }).processID,
        ])
      ).rows;
      expect(terminated).toBe(true);
      await waitUntil('a new connection listens', () => clients.length === 2 && notifier.listening);
      expect(heard).toEqual([{ n: 1 }, RESYNC]);

      await commit(topic, { n: 2 });
      await waitUntil('the change after the reconnect arrives', () => heard.length === 3);
      expect(heard[2]).toEqual({ n: 2 });
    } finally {
      await notifier.stop();
    }
  });
});
