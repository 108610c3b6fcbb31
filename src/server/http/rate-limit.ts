import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import { errorBody } from './errors';

interface Bucket {
  tokens: number;
  updated: number;
}

/**
 * Token bucket per client address (per server instance). `capacity` requests at once, refilled at
 * `perMinute` a minute. Used on sign-in routes, where guessing and floods happen. The client address
 * is the socket's; X-Forwarded-For (which any client can send) only with TRUST_PROXY=1.
 */
export function rateLimit(opts: {
  capacity: number;
  perMinute: number;
  clock: Clock;
  /** Behind a trusted reverse proxy: key on the first X-Forwarded-For address. */
  trustProxy?: boolean;
}): MiddlewareHandler {
  const buckets = new Map<string, Bucket>();
  return async (c, next) => {
    const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } })?.incoming?.socket;
    const forwarded = opts.trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    const key = forwarded || socket?.remoteAddress || 'local';
    const now = opts.clock.now().getTime();
    const bucket = buckets.get(key) ?? { tokens: opts.capacity, updated: now };
    // Never negative: a clock set backwards must not drain the bucket.
    const elapsed = Math.max(0, now - bucket.updated);
    bucket.tokens = Math.min(opts.capacity, bucket.tokens + (elapsed / 60_000) * opts.perMinute);
    bucket.updated = now;
    if (bucket.tokens < 1) {
      buckets.set(key, bucket);
      c.header('Retry-After', String(Math.ceil(((1 - bucket.tokens) / opts.perMinute) * 60)));
      return c.json(
        errorBody('rate_limited', 'Too many sign-in attempts. Please wait a moment and try again.'),
        429,
      );
    }
    bucket.tokens -= 1;
    buckets.set(key, bucket);
    if (buckets.size > 10_000) buckets.clear();
    return next();
  };
}
