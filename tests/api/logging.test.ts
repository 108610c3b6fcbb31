import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { createLogger, logger, setLogger } from '../../src/server/log/logger';
import { completeProfile, startApplication, submitApplication, userIdOf } from '../support/factory';
import { forbiddenInLogs, KNOWN_ANSWER } from '../support/log-check';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Structured request logs (issue 22 item 1): ids, route patterns, users, and nothing personal. */

type Line = Record<string, unknown> & { msg?: string; req_id?: string };
let lines: Line[] = [];
const memory = { write: (s: string) => void lines.push(JSON.parse(s)) };

let t: TestApp;
let world: World;
beforeAll(async () => {
  setLogger(createLogger({ level: 'debug', destination: memory }));
  t = await createTestApp();
  world = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const requestLine = (id: string | null) => lines.find((l) => l.msg === 'request' && l.req_id === id);

describe('request logs', () => {
  it('one line per request: id (echoed), method, route pattern, status, duration, user', async () => {
    lines = [];
    const res = await t.request('GET', `/api/programs/${demoProgramId(1)}/editor`, {
      as: world.cookies.orgAdmin,
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    const line = requestLine(id);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/programs/{id}/editor',
      status: 200,
      user_id: await userIdOf(t, 'admin@demo.test'),
    });
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.time).toBe('string');
    // The raw URL (with its id) is not logged.
    expect(JSON.stringify(line)).not.toContain(demoProgramId(1));
  });

  it('names the route that answered unknown paths and visitors without a user', async () => {
    lines = [];
    const res = await t.request('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    const line = requestLine(res.headers.get('x-request-id'));
    expect(line).toMatchObject({ route: '/api/*', status: 404 });
    expect(line?.user_id).toBeUndefined();
  });

  it('gives every line of a request the same id, with many requests at once', async () => {
    lines = [];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('GET', i % 2 ? '/api/me' : `/api/programs/${demoProgramId(1)}`, {
          as: i % 4 === 1 ? world.cookies.reviewer : world.cookies.applicant,
        }),
      ),
    );
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) {
      const own = lines.filter((l) => l.req_id === id);
      // 'request started' (debug) and the request line, nothing else and nobody else's.
      expect(own.map((l) => l.msg)).toEqual(['request started', 'request']);
    }
    expect(lines.filter((l) => !ids.includes(l.req_id ?? null))).toEqual([]);
  });

  it('passes the proxy X-Request-Id on only with TRUST_PROXY=1, and only when well formed', async () => {
    const behindProxy = await createTestApp({ config: { trustProxy: true } });
    try {
      const ok = await behindProxy.request('GET', '/api/health', {
        headers: { 'x-request-id': 'lb-42.abc' },
      });
      expect(ok.headers.get('x-request-id')).toBe('lb-42.abc');
      const bad = await behindProxy.request('GET', '/api/health', {
        headers: { 'x-request-id': 'has spaces"and quotes' },
      });
      expect(bad.headers.get('x-request-id')).toMatch(UUID);
    } finally {
      await behindProxy.close();
    }
    const direct = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'lb-42.abc' } });
    expect(direct.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('personal data', () => {
  it('never logs emails, answers, tokens or cookies on a whole applicant journey', async () => {
    lines = [];
    const cookie = world.cookies.applicant!;
    await completeProfile(t, cookie);
    const id = await startApplication(t, cookie, demoProgramId(1));
    await submitApplication(t, cookie, id, {});
    const app = await t.json('GET', `/api/applications/${id}`, { as: cookie });
    expect(JSON.stringify(app.body)).toContain(KNOWN_ANSWER);
    // Failed sign-ins and bad input are logged as requests, not with what was sent.
    await t.request('POST', '/api/demo/sign-in', { body: { email: 'not an email' } });
    await t.request('PUT', `/api/me/profile`, { as: cookie, body: { parent_guardian_email: 'x@' } });

    expect(lines.filter((l) => l.msg === 'request').length).toBeGreaterThan(5);
    const text = JSON.stringify(lines).toLowerCase();
    for (const needle of [...forbiddenInLogs(), 'applicant@demo.test', cookie.split('=')[1]]) {
      expect(text).not.toContain(needle.toLowerCase());
    }
  });

  it('censors sensitive fields and scrubs emails and tokens out of messages', () => {
    lines = [];
    logger().info(
      {
        email: 'a@example.org',
        user: { email: 'b@example.org', full_name: 'Ada L' },
        headers: { cookie: 'applyhub.session_token=abc', authorization: 'Bearer ahp_secretsecret' },
        answers: { q1: KNOWN_ANSWER },
        note: 'sent to c@example.org with ahp_AAAAAAAAAAAAAAAA',
      },
      'mail for d@example.org',
    );
    const err = Object.assign(new Error('Failed query: select … params: e@example.org'), { code: '23505' });
    logger().error({ err }, 'unhandled error');
    const text = JSON.stringify(lines);
    for (const needle of ['@example.org', 'Ada L', 'abc', 'ahp_', KNOWN_ANSWER]) {
      expect(text).not.toContain(needle);
    }
    expect(lines[0]).toMatchObject({ email: '[redacted]', answers: '[redacted]', msg: 'mail for [email]' });
    expect(lines[1]).toMatchObject({ err: { type: 'Error', code: '23505', message: 'Failed query' } });
  });
});
