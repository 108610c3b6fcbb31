import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
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
});
