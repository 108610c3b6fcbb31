import type { Server, ServerOptions } from 'node:http';

/** HEADERS_TIMEOUT's default: a request's headers are a few hundred bytes. */
export const HEADERS_TIMEOUT_MS = 30_000;

/** KEEP_ALIVE_TIMEOUT's default: Node's own. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * Node's limit on a client that never finishes its request headers (decision 055): past
 * `headersTimeoutMs` it answers 408 and closes the connection, so slow clients cannot hold
 * connections open (idle keep-alive connections have their own limit, `keepIdleConnections`). Node looks for such
 * requests every `connectionsCheckingInterval` (30 s by default, which would let one stay that much
 * longer); here a quarter of the limit, at most 5 s. A body may take Node's default of 300 s.
 */
export function slowClientLimits(headersTimeoutMs = HEADERS_TIMEOUT_MS): ServerOptions {
  return {
    headersTimeout: headersTimeoutMs,
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.round(headersTimeoutMs / 4))),
  };
}

/**
 * How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT). A server property, not an
 * option of Node 20's `createServer`; read as each response ends, so it holds for connections a
 * worker is handed too. Idle connections are not held to `headersTimeout` (that counts from a
 * request's first byte), so this may be longer than it.
 */
export function keepIdleConnections(server: Server, keepAliveTimeoutMs = KEEP_ALIVE_TIMEOUT_MS): void {
  server.keepAliveTimeout = keepAliveTimeoutMs;
}
