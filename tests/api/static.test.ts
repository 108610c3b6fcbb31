import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createTestApp, type TestApp } from '../support/test-app';

const JS = 'console.log(1)';
const CSS = 'body{margin:0}';
const INDEX =
  '<!doctype html><html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>';

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(
    path.join(webDir, 'landing.html'),
    INDEX.replace('id="root"', 'id="root" data-entry="landing"'),
  );
  writeFileSync(path.join(webDir, 'assets', 'index-abc.css'), CSS);
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What scripts/compress-web.mjs writes beside each text asset and index.html.
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(JS));
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.gz'), gzipSync(JS));
  app = createApp(t.deps, { webDir });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves index.html for client-side routes, uncached', async () => {
    const res = await app.request('http://localhost:3000/org/riverside-arts/admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('id="root"');
  });

  it("serves the landing page's own entry for / only, with the same hints and inlined styles", async () => {
    const landing = await app.request('http://localhost:3000/?next=%2Fdashboard');
    expect(landing.status).toBe(200);
    expect(landing.headers.get('cache-control')).toBe('no-cache');
    const html = await landing.text();
    expect(html).toContain('data-entry="landing"');
    expect(html).toContain('data-session="none"');
    expect(html).toContain(`<style>${CSS}</style>`);
    for (const other of ['/browse', '/features', '/dashboard'])
      expect(await (await app.request(`http://localhost:3000${other}`)).text()).not.toContain('data-entry');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.request('http://localhost:3000/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await app.request('http://localhost:3000/assets/missing-000.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('answers unknown API paths with JSON 404, not the app', async () => {
    const res = await app.request('http://localhost:3000/api/no-such-route');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it('serves robots.txt as text', async () => {
    const res = await app.request('http://localhost:3000/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('serves assets brotli-compressed to browsers that accept it, else gzip, else plain; always Vary', async () => {
    const get = (encoding?: string) =>
      app.request('http://localhost:3000/assets/app-abc123.js', {
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(JS);
    const gz = await get('gzip, deflate');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(JS);
    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(JS);
  });

  it('serves index.html compressed by Accept-Encoding and never caches it', async () => {
    const get = (encoding?: string) =>
      app.request('http://localhost:3000/browse', {
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/text\/html/);
    const plain = await (await get('identity')).text();
    expect(plain).toContain('id="root"');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const refusesBr = await get('br;q=0, gzip');
    expect(refusesBr.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await refusesBr.arrayBuffer())).toString()).toBe(plain);
  });

  it('inlines the entry stylesheet (no render-blocking request) and hints demo mode and a missing session', async () => {
    const visitor = await (await app.request('http://localhost:3000/')).text();
    expect(visitor).toContain(`<style>${CSS}</style>`);
    expect(visitor).not.toContain('rel="stylesheet"');
    expect(visitor).toContain('<html lang="en" data-demo="true" data-session="none">');
    const signedIn = await (
      await app.request('http://localhost:3000/', { headers: { cookie: 'x=1; applyhub.session_token=abc' } })
    ).text();
    expect(signedIn).toContain('data-session="unknown"');
  });
});
