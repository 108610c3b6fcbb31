import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage } from './support/browser';
import { CookieJar } from './support/cookies';
import { type MockIssuer, startMockIssuer } from './support/oidc';
import { type RunningServer, startServer } from './support/server';

/**
 * The real authorization-code + PKCE redirect flow, with a local OIDC server standing in for Google
 * (OAUTH_TEST_ISSUER): nothing of ours is mocked, the server runs its production code path.
 */

const CALLBACK_URL = '/post-auth?next=/dashboard';
const ERROR_CALLBACK_URL = '/login?auth_error=1';

let issuer: MockIssuer;
let app: RunningServer;

beforeAll(async () => {
  issuer = await startMockIssuer({
    sub: 'oidc-user-0001',
    email: 'oidc.user@example.test',
    name: 'Oidc User',
  });
  app = await startServer({ env: { OAUTH_TEST_ISSUER: issuer.url } });
});

afterAll(async () => {
  await app?.stop();
  await issuer?.stop();
});

interface Started {
  jar: CookieJar;
  authorizeUrl: URL;
}

/** POST /api/auth/sign-in/social as the SPA does: answers the provider's authorize URL and sets the state cookie. */
async function startSignIn(): Promise<Started> {
  const jar = new CookieJar();
  const res = await fetch(`${app.url}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({
      provider: 'google',
      callbackURL: CALLBACK_URL,
      errorCallbackURL: ERROR_CALLBACK_URL,
    }),
    redirect: 'manual',
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  jar.store(res);
  const body = JSON.parse(text) as { url: string; redirect: boolean };
  return { jar, authorizeUrl: new URL(body.url) };
}

/** The provider's side: GET authorize, which (for this mock) redirects straight back with ?code&state. */
async function authorize(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function callback(url: URL, jar: CookieJar): Promise<{ res: Response; location: URL }> {
  const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
  jar.store(res);
  expect([301, 302, 303, 307], await res.clone().text()).toContain(res.status);
  return { res, location: new URL(res.headers.get('location')!, app.url) };
}

async function me(jar: CookieJar) {
  const res = await fetch(`${app.url}/api/me`, { headers: { cookie: jar.header() } });
  return { status: res.status, body: (await res.json()) as any };
}

const sessionCookieOf = (jar: CookieJar) => jar.names().find((n) => n.includes('session_token'));

describe('Google sign-in (authorization code + PKCE against a local OIDC server)', () => {
  it('the sign-in request points at the provider with S256 PKCE, state and select_account', async () => {
    const { jar, authorizeUrl } = await startSignIn();
    expect(authorizeUrl.origin).toBe(issuer.url);
    expect(authorizeUrl.pathname).toBe('/authorize');
    const q = authorizeUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('applyhub-test');
    expect(q.get('redirect_uri')).toBe(`${app.url}/api/auth/callback/google`);
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(16);
    expect(q.get('prompt')).toBe('select_account');
    // The browser that started the flow is bound to it by a cookie; no session exists yet.
    expect(jar.names().length).toBeGreaterThan(0);
    expect(sessionCookieOf(jar)).toBeUndefined();
  });

  it('completes the redirect flow: callback → session → /api/me is the OIDC user, not yet onboarded', async () => {
    const { jar, authorizeUrl } = await startSignIn();
    const back = await authorize(authorizeUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${app.url}/api/auth/callback/google`);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));

    const tokenRequestsBefore = issuer.tokenRequests.length;
    const { location } = await callback(back, jar);
    expect(location.origin).toBe(app.url);
    expect(location.pathname).toBe('/post-auth');
    expect(location.searchParams.get('next')).toBe('/dashboard');
    expect(sessionCookieOf(jar)).toBeDefined();

    // The server exchanged the code with the PKCE verifier (the mock checks it against the S256 challenge).
    const tokenRequest = issuer.tokenRequests.at(-1)!;
    expect(issuer.tokenRequests.length).toBeGreaterThan(tokenRequestsBefore);
    expect(tokenRequest.grant_type).toBe('authorization_code');
    expect(tokenRequest.code).toBe(back.searchParams.get('code'));
    expect(tokenRequest.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);

    const first = await me(jar);
    expect(first.status).toBe(200);
    expect(first.body.email).toBe('oidc.user@example.test');
    expect(first.body.onboarded).toBe(false);

    // Signing in again with the same Google subject is the same user, not a duplicate.
    const again = await startSignIn();
    await callback(await authorize(again.authorizeUrl), again.jar);
    const second = await me(again.jar);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('refuses a callback whose state was tampered with: error URL, no session', async () => {
    const { jar, authorizeUrl } = await startSignIn();
    const back = await authorize(authorizeUrl);
    back.searchParams.set('state', 'tampered-state-0123456789abcdef');
    const { location } = await callback(back, jar);
    // An unknown state cannot name its flow's errorCallbackURL, so better-auth falls back to its
    // global error URL (its own /api/auth/error page unless onAPIError.errorURL is configured).
    expect(location.origin).toBe(app.url);
    expect(['/login', '/api/auth/error']).toContain(location.pathname);
    expect(location.searchParams.get('error')).toBe('state_mismatch');
    expect(sessionCookieOf(jar)).toBeUndefined();
    expect((await me(jar)).status).toBe(401);
  });

  it('refuses a valid code and state arriving in a browser that did not start the flow (login CSRF)', async () => {
    const { authorizeUrl } = await startSignIn();
    const back = await authorize(authorizeUrl);
    const strangersJar = new CookieJar();
    const { location } = await callback(back, strangersJar);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('auth_error')).toBe('1');
    expect(location.searchParams.get('error')).toBe('state_mismatch');
    expect(sessionCookieOf(strangersJar)).toBeUndefined();
    expect((await me(strangersJar)).status).toBe(401);
  });
  it('refuses to start a flow that would return to another site (open redirect)', async () => {
    for (const field of ['callbackURL', 'errorCallbackURL'] as const) {
      const res = await fetch(`${app.url}/api/auth/sign-in/social`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({
          provider: 'google',
          callbackURL: CALLBACK_URL,
          errorCallbackURL: ERROR_CALLBACK_URL,
          [field]: 'https://attacker.example/steal',
        }),
        redirect: 'manual',
      });
      expect(res.status, field).toBe(403);
    }
  });

  it('refuses a sign-in started from another site (Origin check)', async () => {
    const res = await fetch(`${app.url}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      body: JSON.stringify({ provider: 'google', callbackURL: CALLBACK_URL }),
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
  });
});

describe('Google sign-in in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('landing → Sign up / Log in → Log in with Google → provider → /post-auth → onboarding', async () => {
    issuer.user = { sub: 'oidc-user-0002', email: 'new.applicant@example.test', name: 'New Applicant' };
    const page = await newPage(browser, { width: 1280, height: 800, baseURL: app.url });
    const navigations: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
        const u = new URL(req.url());
        navigations.push(`${u.origin}${u.pathname}`);
      }
    });
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign up / Log in' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Log in with Google' }).click();
      // Through the provider (127.0.0.1:<issuer port>) and back through /post-auth.
      await page.waitForURL((url) => url.pathname === '/onboarding', { timeout: 30_000 });
      await page.getByRole('heading', { name: 'Create your account' }).waitFor({ timeout: 15_000 });
      expect(navigations).toEqual(
        expect.arrayContaining([
          `${issuer.url}/authorize`,
          `${app.url}/api/auth/callback/google`,
          `${app.url}/post-auth`,
        ]),
      );
      await expectNoAxeViolations(page);
      const res = await page.context().request.get(`${app.url}/api/me`);
      expect(res.status()).toBe(200);
      expect((await res.json()).email).toBe('new.applicant@example.test');
    } finally {
      await page.context().close();
    }
  });
});
