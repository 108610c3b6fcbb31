import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline script', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('CSRF: writes from another site', () => {
  it('refuses a cross-site Origin even with a valid session, and changes nothing', async () => {
    const cookie = await t.signIn('csrf@example.test');
    const res = await t.json('POST', '/api/me/onboarding', {
      as: cookie,
      body: { full_name: 'Evil', accept_terms: true },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    const me = await t.json('GET', '/api/me', { as: cookie });
    expect(me.body.onboarded).toBe(false);
  });

  it('refuses a browser write marked cross-site by Sec-Fetch-Site', async () => {
    const res = await t.app.request('http://localhost:3000/api/me/onboarding', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.json('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers malformed JSON with 400', async () => {
    const cookie = await t.signIn('badjson@example.test');
    const res = await t.app.request('http://localhost:3000/api/me/onboarding', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid');
  });

  it('answers invalid parameters with 400 and the field', async () => {
    const res = await t.json('GET', '/api/programs/not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.error.fields.id).toBe('Program ids must be UUIDs.');
  });

  it('serves a real robots.txt', async () => {
    const res = await t.request('GET', '/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await res.text()).toContain('User-agent: *');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.json('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/me/capabilities');
  });
});

describe('rate limiting on sign-in', () => {
  it('answers 429 after a burst, then lets the client in again after a wait', async () => {
    const other = await createTestApp({ database: t.database });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await other.request('POST', '/api/demo/sign-in', {
        body: { email: `burst${i}@example.test` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    other.clock.advance(60_000);
    const later = await other.request('POST', '/api/demo/sign-in', { body: { email: 'later@example.test' } });
    expect(later.status).toBe(200);
  });
});
