import autocannon from 'autocannon';

export interface LoadResult {
  target: string;
  endpoint: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status codes other than 2xx with their counts, e.g. {"401": 12}. */
  statuses: Record<string, number>;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Drives `url` with autocannon for `seconds` at `connections`. Latency percentiles are computed
 * from every 2xx response time autocannon reports (sub-millisecond resolution; autocannon's own
 * histogram rounds to whole milliseconds, which hides the fast endpoints).
 */
export async function load(opts: {
  target: string;
  endpoint: string;
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const times: number[] = [];
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    headers: opts.headers ?? {},
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await instance;
  const sorted = Float64Array.from(times).sort();
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2')) statuses[code] = count;
  }
  const elapsed = result.duration || opts.seconds;
  const completed = result.requests.total;
  return {
    target: opts.target,
    endpoint: opts.endpoint,
    connections: opts.connections,
    seconds: round(elapsed, 1),
    requests: completed,
    rps: Math.round(completed / elapsed),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.length ? sorted[sorted.length - 1] : Number.NaN),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

/** Unrecorded load so the JIT, connection pools and caches are warm before measuring. */
export async function warmUp(url: string, seconds: number, headers?: Record<string, string>): Promise<void> {
  if (seconds <= 0) return;
  await autocannon({ url, connections: 8, duration: seconds, timeout: 10, headers: headers ?? {} });
}
