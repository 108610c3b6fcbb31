import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { serveMetrics } from '../../src/server/metrics/endpoint';
import { parsePrometheus, type Scrape } from '../support/prometheus';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Prometheus metrics at /metrics (issue 22 item 2); worker aggregation is in tests/faults/metrics.test.ts. */

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ config: { metrics: { token: TOKEN, port: null } } });
  world = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function scrape(token = TOKEN): Promise<Scrape> {
  const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheus(await res.text());
}

const programRoute = { method: 'GET', route: '/api/programs/{id}', status: '2xx' };
const count = (s: Scrape, labels: Record<string, string>) =>
  s.find('applyhub_http_requests_total', labels).reduce((n, x) => n + x.value, 0);

describe('/metrics', () => {
  it('is not there unless METRICS_TOKEN or METRICS_PORT is set', async () => {
    const off = await createTestApp();
    try {
      const res = await off.request('GET', '/metrics');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('applyhub_');
    } finally {
      await off.close();
    }
  });

  it('refuses a scrape without the bearer token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.request('GET', '/metrics', {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('applyhub_');
    }
  });

  it('counts requests by route pattern and status class, with a latency histogram', async () => {
    const before = count(await scrape(), programRoute);
    for (let i = 0; i < 5; i++) {
      expect((await t.request('GET', `/api/programs/${demoProgramId(1 + (i % 2))}`)).status).toBe(200);
    }
    const notFound = await t.request('GET', '/api/programs/00000000-0000-4000-8000-000000000000');
    expect(notFound.status).toBe(404);
    const s = await scrape();
    expect(s.types.get('applyhub_http_requests_total')).toBe('counter');
    expect(s.types.get('applyhub_http_request_duration_seconds')).toBe('histogram');
    expect(count(s, programRoute) - before).toBe(5);
    expect(count(s, { ...programRoute, status: '4xx' })).toBeGreaterThanOrEqual(1);
    // No raw URL, no id in any label.
    for (const sample of s.samples)
      for (const value of Object.values(sample.labels)) expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);

    const buckets = s.find('applyhub_http_request_duration_seconds_bucket', programRoute);
    expect(buckets.length).toBeGreaterThan(5);
    const values = buckets.map((b) => b.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const inf = buckets.find((b) => b.labels.le === '+Inf')!;
    expect(inf.value).toBe(s.value('applyhub_http_request_duration_seconds_count', programRoute));
    expect(s.value('applyhub_http_request_duration_seconds_sum', programRoute)).toBeGreaterThan(0);
  });

  it('has process metrics and names one server process', async () => {
    const s = await scrape();
    expect(s.find('process_cpu_user_seconds_total')).toHaveLength(1);
    expect(s.find('process_resident_memory_bytes')).toHaveLength(1);
    expect(s.find('nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    expect(s.value('applyhub_server_processes')).toBe(1);
  });

  it('counts failed queries by kind, inside transactions too', async () => {
    const kind = (s: Scrape, k: string) =>
      s.find('applyhub_db_query_errors_total', { kind: k })[0]?.value ?? 0;
    const before = await scrape();
    await expect(t.deps.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    await expect(
      t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await expect(t.deps.db.execute(sql`selec 1`)).rejects.toThrow();
    const after = await scrape();
    expect(kind(after, 'bad_input') - kind(before, 'bad_input')).toBe(2);
    expect(kind(after, 'other') - kind(before, 'other')).toBe(1);
  });

  it('shows the event streams open', async () => {
    const streams = (s: Scrape) => s.value('applyhub_event_streams_open');
    const before = streams(await scrape());
    const res = await t.request('GET', `/api/events?topic=program:${world.ids.draftProgram}`, {
      as: world.cookies.orgAdmin,
    });
    expect(res.status).toBe(200);
    expect(streams(await scrape())).toBe(before + 1);
    await res.body?.cancel();
    for (let i = 0; i < 50 && streams(await scrape()) !== before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(streams(await scrape())).toBe(before);
  });

  it('METRICS_PORT: serves /metrics alone on its own port, with the token when one is set', async () => {
    const port = await freePort();
    const text = async () => 'x_total 1\n';
    const open = serveMetrics({ port, host: '127.0.0.1', token: null, text });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(parsePrometheus(await res.text()).value('x_total')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await open.close();
    }
    const other = await freePort();
    const guarded = serveMetrics({ port: other, host: '127.0.0.1', token: TOKEN, text });
    try {
      expect((await fetch(`http://127.0.0.1:${other}/metrics`)).status).toBe(401);
      const ok = await fetch(`http://127.0.0.1:${other}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)('shows the PostgreSQL pool', async () => {
    const s = await scrape();
    expect(s.value('applyhub_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(s.find('applyhub_db_pool_connections', { state: 'idle' })).toHaveLength(1);
    expect(s.value('applyhub_db_pool_connections', { state: 'waiting' })).toBe(0);
  });
});
