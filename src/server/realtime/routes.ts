import { Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { Actor } from '../../shared/policy';
import { sessionToken } from '../auth/session';
import type { AppEnv } from '../context';
import { requireActor } from '../context';
import { AppError, Forbidden, Invalid, RateLimited } from '../errors';
import { loadSessionActor } from '../users/queries';
import { RESYNC, SubscriberLimitError } from './notifier';
import { authorizeTopic, eventFilter } from './topics';

export interface EventsOptions {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. Default 25 s. */
  heartbeatMs?: number;
  /** Topics one connection may watch. Default 8. */
  maxTopics?: number;
  /** Open streams one user may hold in this process (tabs × topics). Default 32. */
  maxStreamsPerUser?: number;
  /**
   * Events waiting for a client that is not reading. Beyond this the stream is closed: the browser's
   * EventSource reconnects and the page refetches, which is cheaper than buffering. Default 100.
   */
  maxQueued?: number;
  /**
   * How often an open stream checks that its session still holds the rights it was opened with. A
   * stream whose session ended (sign-out, expiry, soft delete) or that lost a role or an assignment is
   * closed: the browser reconnects and the topic is authorized again with today's rights. Default 15 s.
   */
  recheckMs?: number;
}

/**
 * Whether `now` keeps every right `then` had: the same role, not deleted, and each scope it held
 * (a right gained changes nothing a stream was authorized for; one lost may).
 */
export function keepsRights(then: Actor, now: Actor): boolean {
  if (now.role !== then.role || now.deleted || now.userId !== then.userId) return false;
  const scopes = [
    'orgAdmin',
    'coalitionManager',
    'reviewerOrgs',
    'reviewerPrograms',
    'programAdmin',
  ] as const;
  return scopes.every((key) => then[key].every((id) => now[key].includes(id)));
}

/** Event streams open in this process (every router instance), for the metrics. */
let openStreams = 0;
export const openEventStreams = () => openStreams;

/**
 * `GET /api/events?topic=<topic>[&topic=<topic>…]`: Server-Sent Events for the topics the session may
 * watch (each checked by `authorizeTopic`). Sends `event: ready` once subscribed, then `event: change`
 * with the change's JSON data per committed change (or `{"resync":true}` after the server's listening
 * connection to the database was re-established, when changes may have been missed).
 *
 * Plain Hono, outside the OpenAPI document: an event stream has no JSON response to describe.
 * Its authorization is tested in tests/api/realtime.test.ts.
 */
export function eventsRoutes(options: EventsOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxTopics = options.maxTopics ?? 8;
  const maxStreamsPerUser = options.maxStreamsPerUser ?? 32;
  const maxQueued = options.maxQueued ?? 100;
  const recheckMs = options.recheckMs ?? 15_000;
  const streamsByUser = new Map<string, number>();

  const app = new Hono<AppEnv>();
  app.get('/events', async (c) => {
    const { db, notifier, config } = c.get('deps');
    const actor = requireActor(c.get('actor'));
    const token = sessionToken(c.req.header('cookie'), config.authSecret);
    const topics = [...new Set(c.req.queries('topic') ?? [])];
    if (topics.length === 0) throw new Invalid('Name a topic to watch.', { topic: 'Required.' });
    if (topics.length > maxTopics) {
      throw new Invalid(`Watch at most ${maxTopics} topics per connection.`, { topic: 'Too many topics.' });
    }
    for (const topic of topics) {
      if (!(await authorizeTopic(db, actor, topic))) throw new Forbidden();
    }
    const userStreams = streamsByUser.get(actor.userId) ?? 0;
    if (userStreams >= maxStreamsPerUser) {
      throw new RateLimited('Too many live connections. Close other tabs and try again.');
    }

    // Writes go through one chain that starts when the stream exists, so events keep their order.
    let resolveStream!: (stream: SSEStreamingApi) => void;
    let chain: Promise<unknown> = new Promise<SSEStreamingApi>((resolve) => {
      resolveStream = resolve;
    });
    let stream: SSEStreamingApi | null = null;
    let queued = 0;
    let finished = false;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const unsubscribes: (() => void)[] = [];
    let heartbeat: NodeJS.Timeout | undefined;
    let recheck: NodeJS.Timeout | undefined;

    const end = () => {
      if (finished) return;
      finished = true;
      openStreams--;
      for (const unsubscribe of unsubscribes) unsubscribe();
      clearInterval(heartbeat);
      clearInterval(recheck);
      const left = (streamsByUser.get(actor.userId) ?? 1) - 1;
      if (left > 0) streamsByUser.set(actor.userId, left);
      else streamsByUser.delete(actor.userId);
      finish();
    };

    const enqueue = (write: (s: SSEStreamingApi) => Promise<unknown>) => {
      if (finished) return;
      if (queued >= maxQueued) {
        end();
        return;
      }
      queued++;
      chain = chain
        .then(() => (finished || !stream ? undefined : write(stream)))
        .catch(end)
        .finally(() => {
          queued--;
        });
    };

    const writeChange = (s: SSEStreamingApi, data: unknown) =>
      s.writeSSE({ event: 'change', data: JSON.stringify(data ?? {}) });
    // A filtered topic's event is checked in the chain, so events keep their order; a resync always goes.
    const listenerOf = (topic: string) => {
      const filter = eventFilter(db, actor, topic);
      if (!filter) return (data: unknown) => enqueue((s) => writeChange(s, data));
      return (data: unknown) =>
        enqueue(async (s) => {
          if (data === RESYNC || (await filter(data))) await writeChange(s, data);
        });
    };

    // Subscribe before answering, so a full server is a plain 503 and no change slips by after `ready`.
    streamsByUser.set(actor.userId, userStreams + 1);
    openStreams++;
    try {
      for (const topic of topics)
        unsubscribes.push(notifier.subscribe(topic, listenerOf(topic), { onClose: end }));
    } catch (err) {
      end();
      if (err instanceof SubscriberLimitError) {
        c.header('Retry-After', '5');
        throw new AppError('unavailable', 'The server is busy. Please try again shortly.');
      }
      throw err;
    }

    enqueue((s) => s.writeSSE({ event: 'ready', data: JSON.stringify({ topics }) }));
    heartbeat = setInterval(() => {
      if (queued === 0) enqueue((s) => s.write(': heartbeat\n\n'));
    }, heartbeatMs);
    heartbeat.unref?.();
    // The filters decide with the rights the stream was opened with, so losing one ends it.
    const stillEntitled = async () => {
      const found = token ? await loadSessionActor(db, token) : null;
      return !!found && found.expiresAt.getTime() > Date.now() && keepsRights(actor, found.actor);
    };
    recheck = setInterval(() => {
      stillEntitled().then(
        (ok) => ok || end(),
        () => {}, // a database hiccup is not a reason to drop listeners; the next check decides
      );
    }, recheckMs);
    recheck.unref?.();

    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (s) => {
      stream = s;
      resolveStream(s);
      s.onAbort(end);
      const signal = c.req.raw.signal;
      if (signal?.aborted) end();
      else signal?.addEventListener('abort', end, { once: true });
      await done;
      signal?.removeEventListener('abort', end);
    });
  });
  return app;
}
