import { createHash, timingSafeEqual } from 'node:crypto';
import { serve } from '@hono/node-server';
import { type Handler, Hono } from 'hono';
import { logger } from '../log/logger';

/** The exposition format prom-client writes (Prometheus text 0.0.4). */
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when `header` is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics`: the metrics text, behind a bearer token when one is set. With workers, `text` is the
 * primary's aggregate of every worker.
 */
export function metricsHandler(options: { token: string | null; text: () => Promise<string> }): Handler {
  return async (c) => {
    if (options.token && !bearerMatches(c.req.header('authorization'), options.token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized\n', 401);
    }
    try {
      const body = await options.text();
      return c.body(body, 200, { 'Content-Type': CONTENT_TYPE, 'Cache-Control': 'no-store' });
    } catch (err) {
      logger().error({ err }, 'metrics: collection failed');
      return c.text('Metrics are unavailable right now.\n', 503);
    }
  };
}

/** METRICS_PORT: `/metrics` on a port of its own (and nothing else there). */
export function serveMetrics(options: {
  port: number;
  host: string;
  token: string | null;
  text: () => Promise<string>;
}): { close(): Promise<void> } {
  const app = new Hono();
  app.get('/metrics', metricsHandler(options));
  app.notFound((c) => c.text('Not found\n', 404));
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  server.on('error', (err) => logger().error({ err }, `metrics: cannot listen on port ${options.port}`));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
