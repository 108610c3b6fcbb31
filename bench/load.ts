import autocannon, { type Request } from 'autocannon';
import { ms, percentile, round } from './stats';

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
  /**
   * CPU time the server process spent per request (µs, user + system), when the bench knows the
   * process: steadier than req/s on a machine shared with other work.
   */
  serverCpuUs?: number;
}

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
  /** Requests rewritten before each send (a body, a cookie per request); default: GET `url`. */
  requests?: Request[];
}): Promise<LoadResult> {
  const times: number[] = [];
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    headers: opts.headers ?? {},
    ...(opts.requests ? { requests: opts.requests } : {}),
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

/** One load result on a line: `1234 req/s, p50 1.23 ms, p99 4.56 ms, non-2xx 0`. */
export const loadLine = (l: LoadResult) =>
  `${l.rps} req/s, p50 ${ms(l.p50Ms)} ms, p99 ${ms(l.p99Ms)} ms, non-2xx ${l.non2xx}`;

/** Signs in through the demo sign-in of the server at `base`; returns the session cookie header. */
export async function demoSignIn(
  base: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(`${base}/api/demo/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: JSON.stringify({ email }),
  });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`Demo sign-in of ${email} answered ${res.status}: ${body.slice(0, 300)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token'))
    throw new Error(`Demo sign-in of ${email} set no session cookie (got "${cookie}").`);
  return cookie;
}
