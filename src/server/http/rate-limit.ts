import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import { errorBody } from './errors';

/**
 * Takes one request from `key`'s budget at time `now` (ms): null when allowed, otherwise the
 * seconds to wait (Retry-After). May answer later: with several workers the budget is the primary's.
 */
export type TakeToken = (key: string, now: number) => number | null | Promise<number | null>;

/** The budget of a rate limit: `capacity` requests at once, refilled at `perMinute` a minute. */
export interface RateBudget {
  capacity: number;
  perMinute: number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

/** Token buckets kept in this process, one per key. */
export function tokenBuckets({
  capacity,
  perMinute,
}: RateBudget): (key: string, now: number) => number | null {
  const buckets = new Map<string, Bucket>();
  return (key, now) => {
    const bucket = buckets.get(key) ?? { tokens: capacity, updated: now };
    // Never negative: a clock set backwards must not drain the bucket.
    const elapsed = Math.max(0, now - bucket.updated);
    bucket.tokens = Math.min(capacity, bucket.tokens + (elapsed / 60_000) * perMinute);
    bucket.updated = now;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return Math.ceil(((1 - bucket.tokens) / perMinute) * 60);
    bucket.tokens -= 1;
    if (buckets.size > 10_000) buckets.clear();
    return null;
  };
}

/**
 * A rate limit per client address (one budget for the whole server, however many workers). Used on
 * sign-in routes, where guessing and floods happen. The client address is the socket's;
 * X-Forwarded-For (which any client can send) only with TRUST_PROXY=1.
 */
export function rateLimit(opts: {
  take: TakeToken;
  clock: Clock;
  /** Behind a trusted reverse proxy: key on the first X-Forwarded-For address. */
  trustProxy?: boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } })?.incoming?.socket;
    const forwarded = opts.trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    const key = forwarded || socket?.remoteAddress || 'local';
    const retryAfter = await opts.take(key, opts.clock.now().getTime());
    if (retryAfter !== null) {
      c.header('Retry-After', String(retryAfter));
      return c.json(
        errorBody('rate_limited', 'Too many sign-in attempts. Please wait a moment and try again.'),
        429,
      );
    }
    return next();
  };
}
