import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSignInResult } from '../../src/shared/schemas/system';
import { createTestApp, type TestApp } from '../support/test-app';

describe('demo sign-in (demo mode on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a user for a new email, sets an HTTP-only session cookie, and reuses the user next time', async () => {
    const res = await t.request('POST', '/api/demo/sign-in', {
      body: { email: '  Someone@Example.test ', name: 'Some One' },
    });
    expect(res.status).toBe(200);
    const body = demoSignInResult.parse(await res.json());
    expect(body.user.email).toBe('someone@example.test');
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const again = await t.request('POST', '/api/demo/sign-in', { body: { email: 'someone@example.test' } });
    expect(demoSignInResult.parse(await again.json()).user.id).toBe(body.user.id);
  });

  it('works without an Origin header (automation) and refuses a cross-site Origin', async () => {
    const noOrigin = await t.app.request('http://localhost:3000/api/demo/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bot@example.test' }),
    });
    expect(noOrigin.status).toBe(200);
    const crossSite = await t.request('POST', '/api/demo/sign-in', {
      body: { email: 'evil@example.test' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses an invalid email with a message', async () => {
    const res = await t.json('POST', '/api/demo/sign-in', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid', message: 'Please enter a valid email address.' });
  });

  it('lists the demo accounts', async () => {
    const res = await t.json('GET', '/api/demo/accounts');
    expect(res.status).toBe(200);
    expect(res.body.items.map((a: { email: string }) => a.email)).toEqual([
      'super@demo.test',
      'admin@demo.test',
      'reviewer@demo.test',
      'coalition@demo.test',
      'applicant@demo.test',
    ]);
  });

  it('says demo mode is on in the public config', async () => {
    expect((await t.json('GET', '/api/config')).body).toEqual({
      demo_mode: true,
      sign_in: 'demo',
      mail_off: false,
    });
  });
});

describe('demo sign-in (demo mode off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        demoMode: false,
        google: { clientId: 'id.apps.googleusercontent.com', clientSecret: 'secret' },
      },
    });
  });
  afterAll(() => t.close());

  it('answers 404 and sets no cookie', async () => {
    const res = await t.request('POST', '/api/demo/sign-in', { body: { email: 'x@example.test' } });
    expect(res.status).toBe(404);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await t.request('GET', '/api/demo/accounts')).status).toBe(404);
    // The better-auth endpoint behind it is not mounted either.
    expect(
      (await t.request('POST', '/api/auth/demo/sign-in', { body: { email: 'x@example.test' } })).status,
    ).toBe(404);
  });

  it('offers Google sign-in with the account chooser', async () => {
    expect((await t.json('GET', '/api/config')).body).toEqual({
      demo_mode: false,
      sign_in: 'google',
      mail_off: false,
    });
    const res = await t.json('POST', '/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: '/post-auth?next=/dashboard' },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('prompt')).toBe('select_account');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
