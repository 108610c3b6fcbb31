/**
 * Metrics with several workers (issue 22 item 2): a scrape adds up every worker's metrics
 * (prom-client's AggregatorRegistry in the primary), whether it reaches a worker on the main port
 * (METRICS_TOKEN) or the primary on METRICS_PORT.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { parsePrometheus, type Scrape } from '../support/prometheus';
import { get, type RunningServer, startServer } from './support/server';

const TOKEN = 'fault-metrics-token-0123456789';
let s: RunningServer | null = null;
afterEach(async () => {
  await s?.stop();
  s = null;
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A scrape on a connection of its own (so it may reach either worker). */
function scrape(url: string, token: string | null): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const req = http.get(url, { headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
}

/** Scrapes until both workers have answered the primary (they start one after the other). */
async function scrapeBoth(url: string, token: string | null): Promise<Scrape> {
  for (let i = 0; ; i++) {
    const res = await scrape(url, token);
    if (res.status === 200) {
      const parsed = parsePrometheus(res.text);
      if (parsed.find('applyhub_server_processes')[0]?.value === 2) return parsed;
    }
    if (i > 100) throw new Error(`scrape answered ${res.status}: ${res.text.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const route = { method: 'GET', route: '/api/programs/{id}', status: '2xx' };
const requestsTo = (scraped: Scrape) =>
  scraped.find('applyhub_http_requests_total', route).reduce((n, x) => n + x.value, 0);

/** `n` reads of a program, each on a new connection: the workers take turns. */
async function programReads(url: string, n: number) {
  const statuses = [];
  for (let i = 0; i < n; i++) statuses.push(await get(`${url}/api/programs/${demoProgramId(1)}`, {}));
  expect(statuses.every((status) => status === 200)).toBe(true);
}

describe('metrics with WORKERS=2 on PostgreSQL', () => {
  it('a scrape on the main port (METRICS_TOKEN) adds up both workers', async () => {
    s = await startServer({ WORKERS: '2', METRICS_TOKEN: TOKEN });
    await scrapeBoth(`${s.url}/metrics`, TOKEN);
    expect((await scrape(`${s.url}/metrics`, null)).status).toBe(401);
    await programReads(s.url, 20);
    // Each scrape reaches one worker; every one of them shows the sum of both.
    for (let i = 0; i < 4; i++) {
      const scraped = await scrapeBoth(`${s.url}/metrics`, TOKEN);
      expect(requestsTo(scraped)).toBe(20);
      const inf = scraped.find('applyhub_http_request_duration_seconds_bucket', { ...route, le: '+Inf' });
      expect(inf[0].value).toBe(20);
      expect(scraped.value('applyhub_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(2);
      expect(scraped.find('process_resident_memory_bytes')).toHaveLength(1);
    }
  }, 120_000);

  it('METRICS_PORT: the primary serves the sum of both workers there, and the main port has none', async () => {
    const port = await freePort();
    s = await startServer({ WORKERS: '2', METRICS_PORT: String(port) });
    const metricsUrl = `http://127.0.0.1:${port}/metrics`;
    await scrapeBoth(metricsUrl, null);
    await programReads(s.url, 10);
    expect(requestsTo(await scrapeBoth(metricsUrl, null))).toBe(10);
    expect((await scrape(`${s.url}/metrics`, null)).text).not.toContain('applyhub_');
  }, 120_000);
});
