import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, assignments, auditLog, organizations } from '../../src/server/db/schema';
import { createLogger, logger, setLogger } from '../../src/server/log/logger';
import { apiTokenMessages } from '../../src/shared/domain/api-tokens';
import { userIdOf } from '../support/factory';
import { createTestApp, statementsDuring, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

let t: TestApp;
let world: World;
let orgAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  orgAdmin = world.cookies.orgAdmin as string;
}, 120_000);
afterAll(() => t.close());

const tokensPath = () => `/api/orgs/${world.slugs.org}/api-tokens`;

/** Creates a token through the API as `cookie` (default: Riverside's org admin) and returns it. */
async function createToken(
  body: { name: string; scope: 'read' | 'read_write'; expires_in_days?: number },
  cookie = orgAdmin,
  path = tokensPath(),
) {
  const res = await t.json('POST', path, { as: cookie, body });
  if (res.status !== 200) throw new Error(`create token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { secret: string; token: { id: string; name: string; hint: string } };
}

/** A request with the token only: no cookie and no Origin header, as an integration sends it. */
function withToken(secret: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(`http://localhost:3000${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function auditOf(tokenId: string) {
  return t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, tokenId)).orderBy(desc(auditLog.id));
}

describe('creating, listing and revoking tokens', () => {
  it('shows the secret once, stores only its hash, and lists the token without it', async () => {
    const created = await createToken({ name: 'CRM sync', scope: 'read' });
    expect(created.secret).toMatch(/^ahp_[A-Za-z0-9_-]{43}$/);
    expect(created.token.hint).toBe(`${created.secret.slice(0, 10)}…`);

    const list = await t.json('GET', tokensPath(), { as: orgAdmin });
    expect(list.status).toBe(200);
    const listed = list.body.items.find((i: { id: string }) => i.id === created.token.id);
    expect(listed).toMatchObject({ name: 'CRM sync', scope: 'read', revoked_at: null, last_used_at: null });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);

    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await auditOf(created.token.id)).map((e) => e.action)).toEqual(['api_token.created']);
  });

  it('lets only the organization’s admins (and super admins) manage its tokens, never a token', async () => {
    for (const role of ['applicant', 'reviewer', 'otherOrgAdmin', 'coalitionManager'] as const) {
      expect((await t.json('GET', tokensPath(), { as: world.cookies[role] })).status, role).toBe(403);
    }
    expect((await t.json('GET', tokensPath(), { as: null })).status).toBe(401);
    expect((await t.json('GET', tokensPath(), { as: world.cookies.superAdmin })).status).toBe(200);
    const { secret } = await createToken({ name: 'Mint attempt', scope: 'read_write' });
    expect((await withToken(secret, 'GET', tokensPath())).status).toBe(403);
    const minted = await withToken(secret, 'POST', tokensPath(), { name: 'Child', scope: 'read_write' });
    expect(minted.status).toBe(403);
    expect((await minted.json()).error.message).toBe(apiTokenMessages.notForTokens);
  });

  it('refuses bad input with the field’s message', async () => {
    const res = await t.json('POST', tokensPath(), {
      as: orgAdmin,
      body: { name: ' ', scope: 'admin', expires_in_days: 1000 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['expires_in_days', 'name', 'scope']);
  });

  it('a revoked token fails on its next request, and revoking twice is a conflict', async () => {
    const { secret, token } = await createToken({ name: 'Short lived', scope: 'read' });
    expect((await withToken(secret, 'GET', `/api/orgs/${world.slugs.org}/settings`)).status).toBe(200);
    const revoked = await t.json('DELETE', `${tokensPath()}/${token.id}`, { as: orgAdmin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.token.revoked_at).not.toBeNull();
    const after = await withToken(secret, 'GET', `/api/orgs/${world.slugs.org}/settings`);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toMatch(/^Bearer .*invalid_token/);
    expect((await after.json()).error.message).toBe(apiTokenMessages.invalid);
    expect((await t.json('DELETE', `${tokensPath()}/${token.id}`, { as: orgAdmin })).status).toBe(409);
    // Another organization's admin cannot even see it.
    const other = await t.json('DELETE', `/api/orgs/northgate-dance-academy/api-tokens/${token.id}`, {
      as: world.cookies.otherOrgAdmin,
    });
    expect(other.status).toBe(404);
    expect((await auditOf(token.id)).map((e) => e.action)).toEqual([
      'api_token.revoked',
      'api_token.used',
      'api_token.created',
    ]);
  });
});

describe('what a token may do', () => {
  let readSecret: string;
  let writeSecret: string;
  let writeId: string;
  beforeAll(async () => {
    readSecret = (await createToken({ name: 'Reporting', scope: 'read' })).secret;
    const write = await createToken({ name: 'Website sync', scope: 'read_write' });
    writeSecret = write.secret;
    writeId = write.token.id;
  });

  it('reads its organization’s admin routes', async () => {
    for (const path of [
      `/api/orgs/${world.slugs.org}/settings`,
      `/api/orgs/${world.slugs.org}/programs`,
      `/api/programs/${world.ids.draftProgram}/editor`,
      `/api/orgs/${world.slugs.org}/audit`,
    ]) {
      const res = await withToken(readSecret, 'GET', path);
      expect(res.status, path).toBe(200);
      // An organization's data: never kept by a cache, whichever credential fetched it.
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('vary'), path).toMatch(/Authorization/);
    }
  });

  it('a read token cannot write, and nothing changes', async () => {
    const before = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, world.slugs.org));
    const res = await withToken(readSecret, 'PUT', `/api/orgs/${world.slugs.org}/settings`, {
      name: 'Renamed by a read token',
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(apiTokenMessages.readOnly);
    const created = await withToken(readSecret, 'POST', `/api/orgs/${world.slugs.org}/programs`, {
      name: 'Read token draft',
    });
    expect(created.status).toBe(403);
    const after = await t.deps.db.select().from(organizations).where(eq(organizations.slug, world.slugs.org));
    expect(after).toEqual(before);
  });

  it('a read-write token writes (no Origin header needed), and the audit log says it was the token', async () => {
    const res = await withToken(writeSecret, 'POST', `/api/orgs/${world.slugs.org}/programs`, {
      name: 'Drafted through the API',
    });
    expect(res.status).toBe(200);
    const program = await res.json();
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, program.id))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      action: 'program.created',
      actorId: await userIdOf(t, 'admin@demo.test'),
      via: 'token:Website sync',
    });
    // A cross-site Origin does not matter to a bearer request: it carries no ambient authority.
    const cross = await t.app.request(`http://localhost:3000/api/orgs/${world.slugs.org}/programs`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${writeSecret}`,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'Second API draft' }),
    });
    expect(cross.status).toBe(200);
  });

  it('a token of organization A cannot touch organization B', async () => {
    expect((await withToken(writeSecret, 'GET', '/api/orgs/northgate-dance-academy/settings')).status).toBe(
      403,
    );
    expect((await withToken(writeSecret, 'GET', '/api/orgs/northgate-dance-academy/programs')).status).toBe(
      403,
    );
    const editor = await withToken(writeSecret, 'GET', `/api/programs/${world.ids.otherOrgProgram}/editor`);
    expect([403, 404]).toContain(editor.status);
    const before = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, 'northgate-dance-academy'));
    const put = await withToken(writeSecret, 'PUT', '/api/orgs/northgate-dance-academy/settings', {
      name: 'Taken over',
    });
    expect(put.status).toBe(403);
    const after = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, 'northgate-dance-academy'));
    expect(after).toEqual(before);
  });

  it('refuses super-admin, personal and reviewing routes, even for a super admin’s token', async () => {
    const superToken = await createToken(
      { name: 'Super made', scope: 'read_write' },
      world.cookies.superAdmin as string,
    );
    for (const secret of [writeSecret, superToken.secret]) {
      for (const path of [
        '/api/super/users',
        '/api/super/orgs',
        '/api/me',
        '/api/me/profile',
        '/api/me/applications',
        '/api/reviews',
      ]) {
        const res = await withToken(secret, 'GET', path);
        expect(res.status, path).toBe(403);
        expect((await res.json()).error.message, path).toBe(apiTokenMessages.notForTokens);
      }
    }
    // The super admin may do anything; their token is still org admin of its organization only.
    expect((await withToken(superToken.secret, 'GET', `/api/orgs/${world.slugs.org}/settings`)).status).toBe(
      200,
    );
    for (const path of [
      '/api/orgs/northgate-dance-academy/settings',
      '/api/orgs/northgate-dance-academy/programs',
    ]) {
      expect((await withToken(superToken.secret, 'GET', path)).status, path).toBe(403);
    }
    const otherEditor = await withToken(
      superToken.secret,
      'GET',
      `/api/programs/${world.ids.otherOrgProgram}/editor`,
    );
    expect([403, 404]).toContain(otherEditor.status);
    const approve = await withToken(
      superToken.secret,
      'POST',
      `/api/programs/${world.ids.draftProgram}/approve`,
      {},
    );
    expect(approve.status).toBe(403);
    // Public routes answer a token as they answer a visitor.
    expect((await withToken(writeSecret, 'GET', '/api/programs')).status).toBe(200);
  });

  it('costs one statement to check, as a session does', async () => {
    const path = `/api/orgs/${world.slugs.org}/settings`;
    await withToken(readSecret, 'GET', path);
    let status = 0;
    const viaToken = await statementsDuring(t.database, async () => {
      status = (await withToken(readSecret, 'GET', path)).status;
    });
    expect(status).toBe(200);
    const viaSession = await statementsDuring(t.database, () => t.request('GET', path, { as: orgAdmin }));
    expect(viaToken).toBe(viaSession);
  });

  it('does not act with a cookie session sent alongside the token', async () => {
    // /me/capabilities is one of the routes that check their session ahead of the middleware.
    for (const path of ['/api/me', '/api/me/capabilities']) {
      const res = await t.app.request(`http://localhost:3000${path}`, {
        headers: { authorization: `Bearer ${writeSecret}`, cookie: world.cookies.superAdmin as string },
      });
      expect(res.status, path).toBe(403);
    }
  });

  it('records the first use of each day once, and sets last used', async () => {
    const used = async () => (await auditOf(writeId)).filter((e) => e.action === 'api_token.used').length;
    expect(await used()).toBe(1);
    await withToken(writeSecret, 'GET', `/api/orgs/${world.slugs.org}/settings`);
    expect(await used()).toBe(1);
    t.clock.advance(24 * 60 * 60 * 1000);
    await withToken(writeSecret, 'GET', `/api/orgs/${world.slugs.org}/settings`);
    expect(await used()).toBe(2);
    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, writeId));
    expect(row.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });
});

describe('tokens that no longer hold', () => {
  it('an expired token is refused', async () => {
    const { secret } = await createToken({ name: 'One day', scope: 'read', expires_in_days: 1 });
    const path = `/api/orgs/${world.slugs.org}/settings`;
    expect((await withToken(secret, 'GET', path)).status).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await withToken(secret, 'GET', path)).status).toBe(401);
    const list = await t.json('GET', tokensPath(), { as: orgAdmin });
    expect(list.body.items.find((i: { name: string }) => i.name === 'One day')).toBeTruthy();
  });

  it('unknown and malformed tokens are refused with 401', async () => {
    for (const secret of [`ahp_${'x'.repeat(43)}`, 'not-a-token', 'ahp_short']) {
      const res = await withToken(secret, 'GET', `/api/orgs/${world.slugs.org}/settings`);
      expect(res.status, secret).toBe(401);
    }
  });

  it('a token stops working when its creator stops being an org admin', async () => {
    const admin = await t.signIn('token.creator@example.test');
    await t.request('POST', '/api/me/onboarding', { as: admin, body: { accept_terms: true } });
    const creatorId = await userIdOf(t, 'token.creator@example.test');
    const added = await t.json('POST', '/api/super/assignments', {
      as: world.cookies.superAdmin,
      body: { user_id: creatorId, kind: 'org_admin', scope_type: 'org', scope_id: world.ids.riversideOrg },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const { secret } = await createToken({ name: 'Leaver', scope: 'read' }, admin);
    const path = `/api/orgs/${world.slugs.org}/settings`;
    expect((await withToken(secret, 'GET', path)).status).toBe(200);
    await t.deps.db.update(assignments).set({ status: 'revoked' }).where(eq(assignments.userId, creatorId));
    expect((await withToken(secret, 'GET', path)).status).toBe(401);
  });
});

describe('rate limit and logs', () => {
  it('limits each token on its own budget', async () => {
    const small = await createTestApp({ database: t.database, config: { apiTokenRatePerMinute: 3 } });
    const a = await createToken({ name: 'Budget A', scope: 'read' });
    const b = await createToken({ name: 'Budget B', scope: 'read' });
    const get = (secret: string) =>
      small.app.request(`http://localhost:3000/api/orgs/${world.slugs.org}/settings`, {
        headers: { authorization: `Bearer ${secret}` },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(a.secret)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await get(a.secret);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await limited.json()).error.message).toBe(apiTokenMessages.rateLimited);
    expect((await get(b.secret)).status).toBe(200);
  });

  it('logs the token id on the request’s lines and never the secret', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const previous = logger();
    setLogger(createLogger({ level: 'debug', destination: sink }));
    let created: Awaited<ReturnType<typeof createToken>>;
    try {
      created = await createToken({ name: 'Logged', scope: 'read_write' });
      await withToken(created.secret, 'GET', `/api/orgs/${world.slugs.org}/settings`);
      await withToken(created.secret, 'PUT', `/api/orgs/${world.slugs.org}/settings`, { name: '' });
    } finally {
      setLogger(previous);
    }
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    const tokenLines = requestLines.filter((l) => l.token_id === created.token.id);
    expect(tokenLines.map((l) => `${l.method} ${l.status}`)).toEqual(['GET 200', 'PUT 400']);
    expect(tokenLines.every((l) => l.user_id && l.route === '/api/orgs/{slug}/settings')).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(created.secret);
      expect(line).not.toContain(created.secret.slice(4, 20));
    }
  });
});
