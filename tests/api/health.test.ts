import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { Shutdown } from '../../src/server/http/shutdown';
import { healthSchema } from '../../src/shared/schemas/system';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok after checking the database', async () => {
    const { status, body } = await t.json('GET', '/api/health');
    expect(status).toBe(200);
    expect(healthSchema.parse(body).status).toBe('ok');
  });
});

describe('GET /api/health during a shutdown', () => {
  it('answers 503 once SIGTERM came while everything else is served; answers then close their connection', async () => {
    const shutdown = new Shutdown();
    const app = createApp(t.deps, { shutdown });
    const get = (path: string) => app.request(`${TEST_ORIGIN}${path}`);
    expect((await get('/api/health')).status).toBe(200);

    shutdown.stopping = true;
    const health = await get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await health.json()).error.code).toBe('unavailable');
    const served = await get('/api/config');
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBeNull();

    shutdown.closing = true;
    expect((await get('/api/config')).headers.get('connection')).toBe('close');
  });
});
