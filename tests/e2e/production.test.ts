import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { CookieJar } from './support/cookies';
import { type MockIssuer, startMockIssuer } from './support/oidc';
import { type RunningServer, startServer } from './support/server';

/**
 * The server as production runs it: NODE_ENV=production with Google credentials and a secret, no
 * OAUTH_TEST_ISSUER. Google's own provider is configured; a preloaded stand-in (like a hosts-file
 * entry, see support/google-stand-in.mjs) sends its server-side calls to a local OIDC issuer, and the
 * test (or the browser, through a route) follows the authorize redirect to that issuer.
 */

const CLIENT_ID = 'applyhub-prod.apps.googleusercontent.com';
const CLIENT_SECRET = 'production-google-secret';
const GOOGLE_AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';

let issuer: MockIssuer;
let app: RunningServer;

beforeAll(async () => {
  issuer = await startMockIssuer({
    sub: '1098765432101234567',
    email: 'prod.user@example.test',
    name: 'Prod User',
  });
  // Google's id_tokens name Google as their issuer and the client as their audience.
  issuer.server.service.on('beforeTokenSigning', (token) => {
    token.payload.iss = 'https://accounts.google.com';
    token.payload.aud = CLIENT_ID;
  });
  app = await startServer({
    env: {
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      BETTER_AUTH_SECRET: 'production-test-secret-0123456789abcdef0123456789',
      NODE_OPTIONS: `--import=${path.join(import.meta.dirname, 'support/google-stand-in.mjs')}`,
      GOOGLE_STAND_IN: issuer.url,
      // Production refuses to start without SMTP_URL unless mail is turned off explicitly.
      MAIL: 'off',
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await issuer?.stop();
});

describe('production security headers', () => {
  it.each(['/', '/api/health', '/browse'])('%s carries HSTS and upgrade-insecure-requests', async (url) => {
    const res = await fetch(`${app.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((d) => d.trim())).toContain('upgrade-insecure-requests');
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('no demo sign-in in production', () => {
  it('config says so and the demo endpoints do not exist', async () => {
    const config = await (await fetch(`${app.url}/api/config`)).json();
    expect(config.demo_mode).toBe(false);
    expect(config.mail_off).toBe(true);
    const signIn = await fetch(`${app.url}/api/demo/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: 'super@demo.test' }),
    });
    expect(signIn.status).toBe(404);
    expect(signIn.headers.getSetCookie()).toEqual([]);
    expect((await fetch(`${app.url}/api/demo/accounts`)).status).toBe(404);
  });
});

const sessionCookieOf = (jar: CookieJar) => jar.names().find((n) => n.includes('session_token'));

describe("Google's provider as configured in production", () => {
  it('redirects to Google with PKCE, and its callback signs the user in against the local issuer', async () => {
    const jar = new CookieJar();
    const started = await fetch(`${app.url}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ provider: 'google', callbackURL: '/post-auth?next=/dashboard' }),
    });
    expect(started.status).toBe(200);
    jar.store(started);
    const authorize = new URL(((await started.json()) as { url: string }).url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(GOOGLE_AUTHORIZE);
    const q = authorize.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${app.url}/api/auth/callback/google`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('prompt')).toBe('select_account');
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));

    // What Google does: the account is chosen, and the browser comes back with ?code&state.
    const atIssuer = await fetch(`${issuer.url}/authorize${authorize.search}`, { redirect: 'manual' });
    expect(atIssuer.status).toBe(302);
    const back = new URL(atIssuer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${app.url}/api/auth/callback/google`);

    const before = issuer.tokenRequests.length;
    const callback = await fetch(back, { headers: { cookie: jar.header() }, redirect: 'manual' });
    jar.store(callback);
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get('location')!, app.url).pathname).toBe('/post-auth');
    expect(sessionCookieOf(jar)).toBeDefined();
    // The code went to Google's token endpoint (here the issuer) with the production client and the verifier.
    expect(issuer.tokenRequests.length).toBe(before + 1);
    const exchange = issuer.tokenRequests.at(-1)!;
    expect(exchange.code).toBe(back.searchParams.get('code'));
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);

    const me = await fetch(`${app.url}/api/me`, { headers: { cookie: jar.header() } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'prod.user@example.test', onboarded: false });
  });
});

describe('in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Log in with Google goes to Google, not a demo page, and comes back signed in', async () => {
    issuer.user = { sub: '1098765432109876543', email: 'prod.browser@example.test', name: 'Prod Browser' };
    const page = await newPage(browser, { width: 1280, height: 800, baseURL: app.url });
    const toGoogle: string[] = [];
    // The browser's side of the stand-in: Google's account chooser is the local issuer's authorize.
    await page.context().route(`${GOOGLE_AUTHORIZE}**`, (route) => {
      const url = new URL(route.request().url());
      toGoogle.push(url.searchParams.get('client_id') ?? '');
      return route.fulfill({ status: 302, headers: { location: `${issuer.url}/authorize${url.search}` } });
    });
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByText('Demo mode is on').count()).toBe(0);
      await page.getByRole('button', { name: 'Sign up / Log in' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Log in with Google' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding', { timeout: 30_000 });
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(toGoogle).toEqual([CLIENT_ID]);
      const res = await page.context().request.get(`${app.url}/api/me`);
      expect((await res.json()).email).toBe('prod.browser@example.test');
    } finally {
      await page.context().close();
    }
  });
});
