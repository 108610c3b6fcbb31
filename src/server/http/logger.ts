import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { inRequest, logger, type RequestContext } from '../log/logger';

/** What the request path observers (the log line, metrics) learn of each finished request. */
export interface FinishedRequest {
  method: string;
  /** The route pattern that answered (`/api/programs/{id}`), never the raw URL. */
  route: string;
  status: number;
  seconds: number;
}

/** An incoming X-Request-Id we pass on (behind a trusted proxy): short, and no spaces or quotes. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const patterns = new Map<string, string>();
/** Hono's `/api/programs/:id` as OpenAPI writes it, `/api/programs/{id}` (kept, the set is bounded). */
export function routePattern(c: Context): string {
  const path = c.req.routePath;
  let pattern = patterns.get(path);
  if (pattern === undefined) {
    pattern = path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
    if (patterns.size < 10_000) patterns.set(path, pattern);
  }
  return pattern;
}

/**
 * Every request runs inside its own log context: a request id (the proxy's X-Request-Id with
 * TRUST_PROXY=1, else a new one) echoed in the response, and the user and API token once known.
 * When it has finished, one log line (LOG_REQUESTS) and each observer (metrics).
 */
export function requestContext(options: {
  trustProxy: boolean;
  logRequests: boolean;
  observers?: ((r: FinishedRequest) => void)[];
}): MiddlewareHandler<AppEnv> {
  const { trustProxy, logRequests, observers = [] } = options;
  return (c, next) => {
    const incoming = trustProxy ? c.req.header('x-request-id') : undefined;
    const context: RequestContext = {
      requestId: incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID(),
    };
    return inRequest(context, async () => {
      logger().debug({ method: c.req.method }, 'request started');
      const started = performance.now();
      await next();
      const seconds = (performance.now() - started) / 1000;
      try {
        c.res.headers.set('X-Request-Id', context.requestId);
      } catch {
        // a response with immutable headers (none of ours today) goes out without it
      }
      context.userId ??= c.get('actor')?.userId;
      const finished: FinishedRequest = {
        method: c.req.method,
        route: routePattern(c),
        status: c.res.status,
        seconds,
      };
      for (const observe of observers) observe(finished);
      if (logRequests) {
        const line = {
          method: finished.method,
          route: finished.route,
          status: finished.status,
          ms: Math.round(seconds * 10_000) / 10,
        };
        if (finished.status >= 500) logger().warn(line, 'request');
        else logger().info(line, 'request');
      }
    });
  };
}
