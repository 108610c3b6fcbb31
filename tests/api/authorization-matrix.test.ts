import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type Role, roles, type World } from '../support/world';

/**
 * Route × role → expected status. Every route in the OpenAPI document must have a row here:
 * a new route without one fails the completeness test. Later areas add their rows.
 */
interface Row {
  /** "METHOD /openapi/path" exactly as the OpenAPI document lists it. */
  route: string;
  /** The concrete request. */
  path: (w: World) => string;
  body?: (w: World) => unknown;
  expect: Record<Role, number>;
}

const all = (status: number): Record<Role, number> =>
  Object.fromEntries(roles.map((r) => [r, status])) as Record<Role, number>;
/** Signed in (any role): `status`; visitors and soft-deleted users: 401. */
const signedIn = (status: number, notOnboarded = status): Record<Role, number> => ({
  ...all(status),
  visitor: 401,
  deleted: 401,
  notOnboarded,
});

const rows: Row[] = [
  { route: 'GET /health', path: () => '/api/health', expect: all(200) },
  { route: 'GET /config', path: () => '/api/config', expect: all(200) },
  { route: 'GET /demo/accounts', path: () => '/api/demo/accounts', expect: all(200) },
  {
    route: 'POST /demo/sign-in',
    path: () => '/api/demo/sign-in',
    body: () => ({ email: 'matrix.new@example.test' }),
    expect: all(200),
  },
  { route: 'GET /me', path: () => '/api/me', expect: signedIn(200) },
  { route: 'GET /me/capabilities', path: () => '/api/me/capabilities', expect: signedIn(200, 403) },
  { route: 'GET /me/admin-orgs', path: () => '/api/me/admin-orgs', expect: signedIn(200, 403) },
  { route: 'GET /me/coalitions', path: () => '/api/me/coalitions', expect: signedIn(200, 403) },
  { route: 'GET /me/reviewer-orgs', path: () => '/api/me/reviewer-orgs', expect: signedIn(200, 403) },
  { route: 'GET /me/reviewer-programs', path: () => '/api/me/reviewer-programs', expect: signedIn(200, 403) },
  { route: 'GET /orgs/{slug}', path: (w) => `/api/orgs/${w.slugs.org}`, expect: all(200) },
  { route: 'GET /coalitions/{slug}', path: (w) => `/api/coalitions/${w.slugs.coalition}`, expect: all(200) },
  { route: 'GET /programs', path: () => '/api/programs', expect: all(200) },
  { route: 'GET /programs/{id}', path: (w) => `/api/programs/${w.ids.publishedProgram}`, expect: all(200) },
  {
    route: 'POST /orgs/{slug}/admin/visit',
    path: (w) => `/api/orgs/${w.slugs.org}/admin/visit`,
    expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
  },
  // Rows that change the caller (onboarding the not-onboarded user) come last.
  {
    route: 'POST /me/onboarding',
    path: () => '/api/me/onboarding',
    body: () => ({ accept_terms: true }),
    expect: signedIn(200),
  },
];

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has a row for every route in the OpenAPI document', async () => {
    const doc = (await t.json('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const covered = new Set(rows.map((r) => r.route));
    expect(documented.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !documented.includes(r))).toEqual([]);
  });

  for (const row of rows) {
    it(row.route, async () => {
      const method = row.route.split(' ')[0];
      const got: Partial<Record<Role, number>> = {};
      for (const role of roles) {
        const res = await t.request(method, row.path(world), {
          as: world.cookies[role],
          body: row.body?.(world),
        });
        got[role] = res.status;
      }
      expect(got).toEqual(row.expect);
    });
  }
});
