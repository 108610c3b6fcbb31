import type pg from 'pg';
import type { Database } from '../db/client';
import { consoleLike } from '../log/logger';
import { REALTIME_CHANNEL } from './notify';

/** Receives the `data` of each committed change on the subscribed topic. */
export type TopicListener = (data: unknown) => void;

/**
 * What a listener receives after the listening connection was lost and re-established:
 * changes committed during the gap were not heard, so subscribers should refetch.
 */
export const RESYNC = Object.freeze({ resync: true });

export interface Subscription {
  /** Called once if the notifier stops while subscribed (server shutting down): end the stream. */
  onClose?: () => void;
}

/**
 * Fan-out of Postgres NOTIFY messages on {@link REALTIME_CHANNEL} to in-process subscribers by topic.
 * One per process; every SSE connection subscribes to it instead of holding a database connection.
 */
export interface Notifier {
  /** Throws {@link SubscriberLimitError} when the process already holds `maxSubscribers`. */
  subscribe(topic: string, listener: TopicListener, subscription?: Subscription): () => void;
  /** Starts listening. Resolves once listening, or (PostgreSQL) once the first attempt failed and retries are scheduled. */
  start(): Promise<void>;
  /** Stops listening and closes every subscription (their `onClose` runs). Idempotent. */
  stop(): Promise<void>;
  /** Live subscriptions in this process. */
  readonly subscriberCount: number;
  /** Listening right now (false while reconnecting). */
  readonly listening: boolean;
}

export class SubscriberLimitError extends Error {
  constructor(limit: number) {
    super(`This server already serves ${limit} live subscriptions.`);
  }
}

export interface NotifierOptions {
  /** Most subscriptions one process holds (each open SSE topic is one). Default 10 000. */
  maxSubscribers?: number;
  logger?: Pick<Console, 'warn' | 'error'>;
}

const DEFAULT_MAX_SUBSCRIBERS = 10_000;

interface Entry {
  listener: TopicListener;
  onClose?: () => void;
}

/** Topic → subscribers, payload parsing and safe delivery; shared by both database kinds. */
class TopicHub {
  private readonly topics = new Map<string, Set<Entry>>();
  private count = 0;

  constructor(
    private readonly max: number,
    private readonly logger: Pick<Console, 'warn' | 'error'>,
  ) {}

  get size() {
    return this.count;
  }

  subscribe(topic: string, listener: TopicListener, subscription: Subscription = {}): () => void {
    if (this.count >= this.max) throw new SubscriberLimitError(this.max);
    const entry: Entry = { listener, onClose: subscription.onClose };
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(entry);
    this.count++;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.remove(topic, entry);
    };
  }

  private remove(topic: string, entry: Entry) {
    const set = this.topics.get(topic);
    if (!set?.delete(entry)) return;
    this.count--;
    if (set.size === 0) this.topics.delete(topic);
  }

  /** A raw NOTIFY payload: `{topic, data}` JSON. Anything else is logged and ignored, never thrown. */
  dispatchPayload(payload: string | undefined) {
    const message = parsePayload(payload);
    if (!message) {
      this.logger.warn(`realtime: ignored malformed payload: ${String(payload).slice(0, 200)}`);
      return;
    }
    this.deliver(this.topics.get(message.topic), message.data);
  }

  /** Every subscriber of every topic: used after a reconnect. */
  broadcast(data: unknown) {
    for (const set of this.topics.values()) this.deliver(set, data);
  }

  /** Ends every subscription, calling each `onClose`. */
  closeAll() {
    const entries = [...this.topics.values()].flatMap((set) => [...set]);
    this.topics.clear();
    this.count = 0;
    for (const entry of entries) {
      try {
        entry.onClose?.();
      } catch (err) {
        this.logger.error('realtime: onClose failed:', err);
      }
    }
  }

  private deliver(set: Set<Entry> | undefined, data: unknown) {
    if (!set) return;
    // A copy: a listener may unsubscribe (itself or another) while we iterate.
    for (const entry of [...set]) {
      try {
        entry.listener(data);
      } catch (err) {
        this.logger.error('realtime: listener failed:', err);
      }
    }
  }
}

export function parsePayload(payload: string | undefined): { topic: string; data: unknown } | null {
  if (typeof payload !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { topic, data } = parsed as { topic?: unknown; data?: unknown };
  if (typeof topic !== 'string' || topic.length === 0) return null;
  return { topic, data: data ?? {} };
}

/** The notifier for a database: in-process `listen()` on PGlite, a dedicated client on PostgreSQL. */
export function createNotifier(
  database: Database,
  options: Omit<PostgresNotifierOptions, 'connectionString'> = {},
): Notifier {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('PGlite database without its PGlite handle');
    return createPgliteNotifier(database.pglite, options);
  }
  if (!database.connectionString) throw new Error('PostgreSQL database without a connection string');
  return createPostgresNotifier({ ...options, connectionString: database.connectionString });
}

/** PGlite: NOTIFY only reaches the same process, which is the only one using its data directory. */
export function createPgliteNotifier(
  pglite: NonNullable<Database['pglite']>,
  options: NotifierOptions = {},
): Notifier {
  const logger = options.logger ?? consoleLike('realtime');
  const hub = new TopicHub(options.maxSubscribers ?? DEFAULT_MAX_SUBSCRIBERS, logger);
  let unlisten: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  return {
    subscribe: (topic, listener, subscription) => hub.subscribe(topic, listener, subscription),
    start() {
      starting ??= pglite
        .listen(REALTIME_CHANNEL, (payload) => hub.dispatchPayload(payload))
        .then((stop) => {
          unlisten = stop;
        });
      return starting;
    },
    async stop() {
      hub.closeAll();
      await starting?.catch(() => {});
      const stop = unlisten;
      unlisten = null;
      starting = null;
      if (stop && !pglite.closed) await stop().catch(() => {});
    },
    get subscriberCount() {
      return hub.size;
    },
    get listening() {
      return unlisten !== null;
    },
  };
}

/** What the PostgreSQL notifier needs of a `pg.Client`: tests inject fakes to exercise reconnects. */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: pg.Notification) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  removeAllListeners(event?: string): unknown;
}

export interface PostgresNotifierOptions extends NotifierOptions {
  connectionString: string;
  /** A new, unconnected client each call (default: a `pg.Client` for connectionString). */
  createClient?: () => ListenClient | Promise<ListenClient>;
  /** Delay before reconnect attempt `n` (1, 2, …). Default: exponential from 250 ms to 30 s, with jitter. */
  retryDelay?: (attempt: number) => number;
  /** How often the listening connection is checked with `select 1` (0: never). Default 30 s. */
  pingIntervalMs?: number;
  /** A ping slower than this counts as a dead connection. Default 10 s. */
  pingTimeoutMs?: number;
}

export function defaultRetryDelay(attempt: number): number {
  const base = Math.min(30_000, 250 * 2 ** Math.min(attempt - 1, 10));
  return Math.round(base / 2 + Math.random() * (base / 2));
}

async function defaultClient(connectionString: string): Promise<ListenClient> {
  const { default: pgModule } = await import('pg');
  return new pgModule.Client({
    connectionString,
    keepAlive: true,
    application_name: 'applyhub-realtime',
  }) as unknown as ListenClient;
}

/**
 * PostgreSQL: one dedicated connection (never a pooled one: a pooled connection is handed to other
 * queries and its LISTEN would be lost) runs `LISTEN applyhub_events`. When it drops, the notifier
 * reconnects with backoff, listens again and tells every subscriber to resync, since changes
 * committed while it was away were not heard. Every instance behind a load balancer has its own.
 */
export function createPostgresNotifier(options: PostgresNotifierOptions): Notifier {
  const logger = options.logger ?? consoleLike('realtime');
  const hub = new TopicHub(options.maxSubscribers ?? DEFAULT_MAX_SUBSCRIBERS, logger);
  const createClient = options.createClient ?? (() => defaultClient(options.connectionString));
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 10_000;

  let running = false;
  let client: ListenClient | null = null;
  let listening = false;
  /** Consecutive failed attempts since the last successful LISTEN. */
  let failures = 0;
  /** Whether a LISTEN succeeded before: a later one is a reconnect and subscribers must resync. */
  let connectedBefore = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;

  const clearTimers = () => {
    if (retryTimer) clearTimeout(retryTimer);
    if (pingTimer) clearInterval(pingTimer);
    retryTimer = null;
    pingTimer = null;
  };

  /** Drops the current client (if it is still `which`) and schedules the next attempt. */
  const lost = (which: ListenClient, reason: string) => {
    if (client !== which) return; // already handled (error and end both fire)
    client = null;
    listening = false;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    which.removeAllListeners();
    which.on('error', () => {}); // a late socket error must not crash the process
    which.end().catch(() => {});
    if (!running) return;
    logger.warn(`realtime: listening connection lost (${reason}); reconnecting`);
    schedule();
  };

  const schedule = () => {
    if (!running || retryTimer) return;
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryDelay(failures));
    retryTimer.unref?.();
  };

  const ping = (which: ListenClient) => {
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error('ping timed out')), pingTimeoutMs);
    });
    Promise.race([which.query('select 1'), timedOut])
      .catch((err: Error) => lost(which, err.message))
      .finally(() => clearTimeout(timeout));
  };

  const attempt = async () => {
    let next: ListenClient;
    try {
      next = await createClient();
    } catch (err) {
      logger.warn(`realtime: could not create a listening client: ${(err as Error).message}`);
      schedule();
      return;
    }
    client = next;
    next.on('notification', (message) => {
      if (message.channel === REALTIME_CHANNEL) hub.dispatchPayload(message.payload);
    });
    next.on('error', (err) => lost(next, err.message));
    next.on('end', () => lost(next, 'connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (err) {
      if (client === next) lost(next, (err as Error).message);
      return;
    }
    if (client !== next) return; // lost or stopped meanwhile
    if (!running) {
      lost(next, 'stopped');
      return;
    }
    listening = true;
    failures = 0;
    if (pingIntervalMs > 0) {
      pingTimer = setInterval(() => ping(next), pingIntervalMs);
      pingTimer.unref?.();
    }
    if (connectedBefore) {
      logger.warn('realtime: listening again');
      hub.broadcast(RESYNC);
    }
    connectedBefore = true;
  };

  const connect = () => {
    connecting ??= attempt().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    subscribe: (topic, listener, subscription) => hub.subscribe(topic, listener, subscription),
    async start() {
      if (running) return connecting ?? undefined;
      running = true;
      await connect();
    },
    async stop() {
      running = false;
      clearTimers();
      hub.closeAll();
      await connecting?.catch(() => {});
      const current = client;
      client = null;
      listening = false;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
    get subscriberCount() {
      return hub.size;
    },
    get listening() {
      return listening;
    },
  };
}
