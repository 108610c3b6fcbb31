import type { IncomingMessage, Server } from 'node:http';
import type { Server as NetServer, Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { errorBody, RETRY_AFTER_SECONDS } from './errors';

/** A new connection may take this long to send its first request before a drain closes it. */
const FIRST_REQUEST_GRACE_MS = 1_000;

/** A listener closes once no connection has come for this long (see closeListener)… */
const QUIET_MS = 200;
/** …or after this long, however busy. */
const QUIET_WAIT_MAX_MS = 5_000;

/**
 * Closes the listener of `server` without resetting a connection the kernel has accepted for it
 * (decision 055). Closing a listening socket resets every connection still waiting in the kernel's
 * queue; a process busy with its embedded database leaves them there for tens of milliseconds (in
 * a burst of autosaves at SIGTERM, 28 of 41 were reset). So it keeps accepting, and serving, until
 * no connection has come for {@link QUIET_MS}, looked at just after the event loop took what was
 * queued, and closes right then. A connection that comes later is refused, which a client sees at
 * once and may retry elsewhere.
 */
export async function closeListener(
  server: NetServer,
  { quietMs = QUIET_MS, maxMs = QUIET_WAIT_MAX_MS } = {},
): Promise<void> {
  let last = Date.now();
  const seen = () => {
    last = Date.now();
  };
  server.on('connection', seen);
  const deadline = Date.now() + maxMs;
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, quietMs - (Date.now() - last))));
      // Immediates run right after the event loop's poll for I/O: whatever the kernel had queued
      // has been accepted (and counted) by now, and nothing else runs before the close below.
      await new Promise((resolve) => setImmediate(resolve));
      if (Date.now() - last >= quietMs || Date.now() >= deadline) break;
    }
  } finally {
    server.off('connection', seen);
  }
  server.close();
}

interface Connection {
  acceptedAt: number;
  requests: number;
  /** Requests being answered on it now. */
  busy: number;
  /** It carries an event stream, which the shutdown ends itself (closeAll). */
  stream: boolean;
  ended: boolean;
}

/**
 * A shutdown that drops nothing (decision 046). `stopping`: SIGTERM came; health answers 503 so
 * load balancers stop sending, and everything else is served as usual (SHUTDOWN_DELAY). `closing`:
 * no new connection is taken; answers close their connection, and `settle` waits for every request
 * to be answered, a fresh connection to send its request, and closes what is left idle.
 */
export class Shutdown {
  stopping = false;
  closing = false;
  private readonly connections = new Map<Socket, Connection>();

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (this.stopping && c.req.path === '/api/health') {
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        return c.json(errorBody('unavailable', 'The server is shutting down.'), 503);
      }
      await next();
      if (!this.closing) return;
      try {
        c.res.headers.set('Connection', 'close');
      } catch {
        // A response with immutable headers (Response.redirect, a fetched one): copied.
        const res = new Response(c.res.body, c.res);
        res.headers.set('Connection', 'close');
        c.res = res;
      }
    };
  }

  /** Follows the connections of `server` (listening, or fed connections by a cluster's primary). */
  track(server: Server, isStream: (req: IncomingMessage) => boolean = () => false): void {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, {
        acceptedAt: Date.now(),
        requests: 0,
        busy: 0,
        stream: false,
        ended: false,
      });
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res) => {
      const connection = this.connections.get(req.socket);
      if (!connection) return;
      connection.requests++;
      if (isStream(req)) {
        connection.stream = true;
        return;
      }
      connection.busy++;
      res.once('close', () => {
        connection.busy--;
      });
    });
  }

  /**
   * Resolves true once no request is being answered and no new connection is still to send its
   * first one, ending every connection left idle (after what it has to write); false after `ms`.
   * Event streams are left alone unless `streams` (once the shutdown has ended them).
   */
  async settle(ms: number, { streams = false } = {}): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      const now = Date.now();
      let waiting = false;
      for (const [socket, connection] of this.connections) {
        if ((connection.stream && !streams) || connection.ended) continue;
        if (connection.busy > 0) waiting = true;
        else if (connection.requests === 0 && now - connection.acceptedAt < FIRST_REQUEST_GRACE_MS)
          waiting = true;
        else {
          connection.ended = true;
          socket.end();
        }
      }
      if (!waiting) return true;
      if (now >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Waits (at most `ms`) for the ended connections to close, then closes whatever is still open. */
  async closeAll(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const socket of this.connections.keys()) socket.destroy();
  }

  /** Requests being answered now (for the shutdown's log line). */
  get busy(): number {
    let n = 0;
    for (const connection of this.connections.values()) n += connection.busy;
    return n;
  }
}
