/**
 * The same new person signing in many times at once (issue 23 item 7): user creation was
 * check-then-insert, so the losers of the race hit the unique email and failed (500 on demo sign-in,
 * the error page on Google's). Every sign-in now ends signed in as the one user the winner created,
 * and nothing is logged. Google's path runs the real code + PKCE flow against a local OIDC server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { account, profiles, user } from '../../src/server/db/schema';
import { CookieJar } from '../e2e/support/cookies';
import { type MockIssuer, startMockIssuer } from '../e2e/support/oidc';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const AT_ONCE = 20;

let t: TestApp;
let google: TestApp;
let issuer: MockIssuer;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: true } });
  issuer = await startMockIssuer({
    sub: 'race-sub-0001',
    email: 'google.race@example.test',
    name: 'Google Race',
  });
  google = await createTestApp({
    database: t.database,
    config: {
      trustProxy: true,
      demoMode: false,
      oauthTestIssuer: {
        discoveryUrl: `${issuer.url}/.well-known/openid-configuration`,
        clientId: 'applyhub-test',
        clientSecret: 'applyhub-test-secret',
      },
    },
  });
}, 120_000);
afterAll(async () => {
  await issuer?.stop();
  await t?.close();
});

/** Lines written to the console while `fn` runs (the server's log, in these tests). */
async function logDuring(fn: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const spies = (['error', 'warn', 'log'] as const).map((m) => vi.spyOn(console, m).mockImplementation(keep));
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function usersWithEmail(email: string) {
  const rows = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return rows.map((r) => r.id);
}

describe('the same new email signing in at once', () => {
  it(`demo sign-in: all ${AT_ONCE} sign in as one user, nothing logged`, async () => {
    const email = 'demo.race@example.test';
    let answers: Response[] = [];
    const log = await logDuring(async () => {
      answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) =>
          t.request('POST', '/api/demo/sign-in', {
            body: { email, name: 'Demo Race' },
            headers: { 'x-forwarded-for': `10.23.0.${i}` },
          }),
        ),
      );
    });
    expect(answers.map((r) => r.status)).toEqual(Array(AT_ONCE).fill(200));
    expect(log).toBe('');
    const [id, ...more] = await usersWithEmail(email);
    expect(more).toEqual([]);
    expect(await t.deps.db.select().from(profiles).where(eq(profiles.id, id))).toHaveLength(1);
    for (const res of answers) {
      const me = await t.json('GET', '/api/me', { as: cookieOf(res) });
      expect(me.body?.id).toBe(id);
    }
  });

  it(`Google sign-in: all ${AT_ONCE} callbacks sign in as one user with one linked account`, async () => {
    const flows = await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, i) => {
        const jar = new CookieJar();
        const headers = { 'x-forwarded-for': `10.24.0.${i}` };
        const started = await google.request('POST', '/api/auth/sign-in/social', {
          body: { provider: 'google', callbackURL: '/post-auth', errorCallbackURL: '/login?auth_error=1' },
          headers,
        });
        expect(started.status).toBe(200);
        jar.store(started);
        const authorize = await fetch((await started.json()).url, { redirect: 'manual' });
        const back = new URL(authorize.headers.get('location') ?? '');
        return { jar, headers, back };
      }),
    );
    let callbacks: Response[] = [];
    const log = await logDuring(async () => {
      callbacks = await Promise.all(
        flows.map(({ jar, headers, back }) =>
          google.app.request(`${TEST_ORIGIN}${back.pathname}${back.search}`, {
            headers: { ...headers, cookie: jar.header() },
          }),
        ),
      );
    });
    const landed = callbacks.map((r) => new URL(r.headers.get('location') ?? '', TEST_ORIGIN).pathname);
    expect(landed).toEqual(Array(AT_ONCE).fill('/post-auth'));
    expect(log).toBe('');

    const [id, ...more] = await usersWithEmail('google.race@example.test');
    expect(more).toEqual([]);
    const accounts = await t.deps.db.select().from(account).where(eq(account.userId, id));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['google', 'race-sub-0001']]);
    for (const [i, res] of callbacks.entries()) {
      flows[i].jar.store(res);
      const me = await google.json('GET', '/api/me', { as: flows[i].jar.header() });
      expect(me.body?.id).toBe(id);
    }
  });
});
