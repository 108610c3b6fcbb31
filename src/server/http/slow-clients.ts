import type { ServerOptions } from 'node:http';

/** HEADERS_TIMEOUT's default: a request's headers are a few hundred bytes. */
export const HEADERS_TIMEOUT_MS = 30_000;

/**
 * Node's limit on a client that never finishes its request headers (decision 055): past
 * `headersTimeoutMs` it answers 408 and closes the connection, so slow clients cannot hold
 * connections open (idle keep-alive connections have their own 5 s limit). Node looks for such
 * requests every `connectionsCheckingInterval` (30 s by default, which would let one stay that much
 * longer); here a quarter of the limit, at most 5 s. A body may take Node's default of 300 s.
 */
export function slowClientLimits(headersTimeoutMs = HEADERS_TIMEOUT_MS): ServerOptions {
  return {
    headersTimeout: headersTimeoutMs,
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.round(headersTimeoutMs / 4))),
  };
}
