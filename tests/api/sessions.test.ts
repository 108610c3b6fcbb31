import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { onboardedUser } from '../support/factory';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  superAdmin = await t.signIn('super@demo.test');
}, 120_000);
afterAll(() => t.close());

/** The session token inside a Cookie header from signIn (the signed value is `token.signature`). */
const tokenOf = (cookie: string) =>
  decodeURIComponent(cookie.match(/applyhub\.session_token=([^;]+)/)?.[1] ?? '').split('.')[0];

describe('sign-out takes effect on the next request', () => {
  it('refuses both cookies replayed right after sign-out', async () => {
    const { cookie } = await onboardedUser(t, 'signout.replay@example.test');
    expect((await t.json('GET', '/api/me', { as: cookie })).body?.email).toBe('signout.replay@example.test');
    const out = await t.request('POST', '/api/auth/sign-out', { as: cookie, body: {} });
    expect(out.status).toBe(200);
    // The very same Cookie header (session token and any cached session data) replayed:
    expect((await t.json('GET', '/api/me', { as: cookie })).status).toBe(401);
  });
});

describe('soft delete revokes every session', () => {
  it('ends every session, and refuses signing in again until restored', async () => {
    const first = await onboardedUser(t, 'deleted.everywhere@example.test');
    const second = await t.signIn('deleted.everywhere@example.test');
    expect((await t.json('GET', '/api/me', { as: second })).body?.id).toBe(first.id);

    const del = await t.json('DELETE', `/api/super/users/${first.id}`, { as: superAdmin });
    expect(del.status).toBe(200);
    for (const cookie of [first.cookie, second]) {
      expect((await t.json('GET', '/api/me', { as: cookie })).status).toBe(401);
    }
    const again = await t.json('POST', '/api/auth/demo/sign-in', {
      body: { email: 'deleted.everywhere@example.test' },
    });
    expect(again.status).toBe(403);

    expect((await t.json('POST', `/api/super/users/${first.id}/restore`, { as: superAdmin })).status).toBe(
      200,
    );
    const back = await t.signIn('deleted.everywhere@example.test');
    expect((await t.json('GET', '/api/me', { as: back })).status).toBe(200);
  });

  it('a role change applies on the next request', async () => {
    const { cookie, id } = await onboardedUser(t, 'promoted.now@example.test');
    expect((await t.json('GET', '/api/super/users', { as: cookie })).status).toBe(403);
    const role = await t.json('PUT', `/api/super/users/${id}/role`, {
      as: superAdmin,
      body: { role: 'superadmin', confirm: true },
    });
    expect(role.status).toBe(200);
    expect((await t.json('GET', '/api/super/users', { as: cookie })).status).toBe(200);
  });
});

describe('better-auth endpoints', () => {
  it('offers only those the product uses: update-user and the like would bypass our own rules', async () => {
    const { cookie } = await onboardedUser(t, 'auth.endpoints@example.test', 'Kept');
    for (const path of ['/api/auth/update-user', '/api/auth/delete-user', '/api/auth/list-sessions']) {
      const res = await t.json('POST', path, { as: cookie, body: { name: 'Changed' } });
      expect(res.status, path).toBe(404);
    }
    expect((await t.json('GET', '/api/me/profile', { as: cookie })).body.full_name).toBe('Kept');
  });

  it('never hands the session token to JavaScript: the HttpOnly cookie is the only place it lives', async () => {
    const signIns = [
      await t.request('POST', '/api/demo/sign-in', { body: { email: 'token.hidden@example.test' } }),
      await t.request('POST', '/api/auth/demo/sign-in', { body: { email: 'token.hidden@example.test' } }),
    ];
    for (const res of signIns) {
      expect(res.status).toBe(200);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const token = tokenOf(cookie);
      expect(token.length).toBeGreaterThan(20);
      expect(await res.text()).not.toContain(token);
      // better-auth's get-session answered the session with its token: the app does not use it.
      for (const path of ['/api/auth/get-session', '/api/me', '/api/me/profile', '/api/me/capabilities']) {
        const read = await t.request('GET', path, { as: cookie });
        expect(await read.text(), path).not.toContain(token);
      }
      expect((await t.request('GET', '/api/auth/get-session', { as: cookie })).status).toBe(404);
    }
  });
});

describe('CSRF: a cookie-authenticated write with neither Origin nor Sec-Fetch-Site', () => {
  it('is refused (403) and changes nothing; the same write with Origin goes through', async () => {
    const { cookie } = await onboardedUser(t, 'no.origin@example.test', 'Before');
    const write = (headers: Record<string, string>) =>
      t.app.request(`${TEST_ORIGIN}/api/me/profile`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ full_name: 'After' }),
      });
    const bare = await write({});
    expect(bare.status).toBe(403);
    expect((await bare.json()).error.code).toBe('forbidden');
    expect((await t.json('GET', '/api/me/profile', { as: cookie })).body.full_name).toBe('Before');
    expect((await write({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await write({ origin: TEST_ORIGIN })).status).toBe(200);
  });

  it('still lets a client without a session cookie write (it carries no ambient authority)', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/demo/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'no.origin.signin@example.test' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('personal data is never cached', () => {
  it('answers every signed-in JSON request with Cache-Control: no-store and Vary: Cookie', async () => {
    const { cookie } = await onboardedUser(t, 'no.store@example.test');
    for (const path of ['/api/me', '/api/me/profile', '/api/me/applications']) {
      const res = await t.request('GET', path, { as: cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('vary') ?? '', path).toMatch(/cookie/i);
    }
    const supers = await t.request('GET', '/api/super/users', { as: superAdmin });
    expect(supers.headers.get('cache-control')).toBe('no-store');
  });
});

describe('sign-in rate limit', () => {
  it('ignores a client-sent X-Forwarded-For and covers better-auth’s own demo sign-in path', async () => {
    const other = await createTestApp({ database: t.database });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const path = i % 2 ? '/api/demo/sign-in' : '/api/auth/demo/sign-in';
      const res = await other.request('POST', path, {
        body: { email: `limit${i}@example.test` },
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('keys on X-Forwarded-For only behind a trusted proxy (TRUST_PROXY=1)', async () => {
    const behindProxy = await createTestApp({ database: t.database, config: { trustProxy: true } });
    for (let i = 0; i < 32; i++) {
      const res = await behindProxy.request('POST', '/api/demo/sign-in', {
        body: { email: `proxied${i}@example.test` },
        headers: { 'x-forwarded-for': `10.1.0.${i}, 127.0.0.1` },
      });
      expect(res.status).toBe(200);
    }
  });
});
