import client from 'prom-client';
import type { Database } from '../db/client';
import { queryErrorKind } from '../db/errors';
import { onQueryError } from '../db/query-errors';
import type { FinishedRequest } from '../http/logger';

/**
 * The server's Prometheus metrics (prom-client, decision 039), in a registry of their own: HTTP
 * requests by route pattern and status class, the database pool, failed queries by kind, open event
 * streams, background jobs, and Node's process metrics. Labels come from bounded sets only (route
 * patterns, never raw URLs or ids).
 */
export interface Metrics {
  registry: client.Registry;
  /** The request observer the app calls for every finished request. */
  observeRequest(r: FinishedRequest): void;
  /** A gauge read at scrape time (`collect` returns its value, or values by label). */
  addGauge(options: GaugeOptions): void;
  /** A counter others increment (job failures). */
  counter(name: string, help: string, labelNames?: string[]): client.Counter<string>;
  /** Exposition text of this process's metrics. */
  text(): Promise<string>;
  stop(): void;
}

export interface GaugeOptions {
  name: string;
  help: string;
  labelNames?: string[];
  /** How the primary joins the workers' values (default sum; 'max' for a value the database holds, read by each). */
  aggregator?: 'sum' | 'max';
  collect: () =>
    | number
    | { labels: Record<string, string>; value: number }[]
    | Promise<number | { labels: Record<string, string>; value: number }[]>;
}

export interface MetricSources {
  database: Database;
  /** Event streams (SSE) open in this process. */
  openStreams?: () => number;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Request durations: 5 ms to 10 s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new client.Counter({
    name: 'applyhub_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: 'applyhub_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the response headers), by method, route pattern and status class.',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const queryErrors = new client.Counter({
    name: 'applyhub_db_query_errors_total',
    help: 'Failed database queries by kind (connection, timeout, unique_violation, constraint, serialization, bad_input, other).',
    labelNames: ['kind'],
    registers: [registry],
  });
  const stopWatching = onQueryError((err) => queryErrors.inc({ kind: queryErrorKind(err) }));
  new client.Gauge({
    name: 'applyhub_server_processes',
    help: 'Server processes reporting (1 each; the sum over workers is the number of workers).',
    registers: [registry],
    collect() {
      this.set(1);
    },
  });

  const metrics: Metrics = {
    registry,
    observeRequest(r) {
      const labels = {
        method: METHODS.has(r.method) ? r.method : 'OTHER',
        route: r.route,
        status: `${Math.floor(r.status / 100)}xx`,
      };
      requests.inc(labels);
      durations.observe(labels, r.seconds);
    },
    addGauge({ name, help, labelNames: names = [], aggregator = 'sum', collect }) {
      new client.Gauge({
        name,
        help,
        labelNames: names,
        aggregator,
        registers: [registry],
        async collect() {
          const value = await collect();
          if (typeof value === 'number') this.set(value);
          else {
            this.reset();
            for (const v of value) this.set(v.labels, v.value);
          }
        },
      });
    },
    counter(name, help, names = []) {
      const existing = registry.getSingleMetric(name);
      if (existing) return existing as client.Counter<string>;
      return new client.Counter({ name, help, labelNames: names, registers: [registry] });
    },
    text: () => registry.metrics(),
    stop: stopWatching,
  };

  const pool = sources.database.pool;
  if (pool) {
    metrics.addGauge({
      name: 'applyhub_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      collect: () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    });
  }
  const openStreams = sources.openStreams;
  if (openStreams) {
    metrics.addGauge({
      name: 'applyhub_event_streams_open',
      help: 'Server-Sent Event streams (/api/events) open.',
      collect: openStreams,
    });
  }
  return metrics;
}
