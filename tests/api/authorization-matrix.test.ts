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

/**
 * A riverside-arts program: its org admin, the Metro coalition's manager and super admins reach it
 * (`status`); everyone else signed in does not see it (404).
 */
const editors = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  orgAdmin: status,
  coalitionManager: status,
  superAdmin: status,
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
  { route: 'GET /featured', path: () => '/api/featured', expect: all(200) },
  { route: 'GET /orgs', path: () => '/api/orgs?limit=5', expect: all(200) },
  { route: 'GET /orgs/{slug}', path: (w) => `/api/orgs/${w.slugs.org}`, expect: all(200) },
  { route: 'GET /coalitions/{slug}', path: (w) => `/api/coalitions/${w.slugs.coalition}`, expect: all(200) },
  { route: 'GET /programs', path: () => '/api/programs', expect: all(200) },
  { route: 'GET /programs/{id}', path: (w) => `/api/programs/${w.ids.publishedProgram}`, expect: all(200) },
  {
    route: 'POST /orgs/{slug}/admin/visit',
    path: (w) => `/api/orgs/${w.slugs.org}/admin/visit`,
    expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
  },
  // Programs (issue 3). Programs another tenant may not see answer 404, not 403.
  {
    route: 'GET /orgs/{slug}/programs',
    path: (w) => `/api/orgs/${w.slugs.org}/programs`,
    expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
  },
  {
    route: 'POST /orgs/{slug}/programs',
    path: (w) => `/api/orgs/${w.slugs.org}/programs`,
    body: () => ({ name: 'Matrix draft' }),
    expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
  },
  {
    route: 'GET /coalitions/{slug}/programs',
    path: (w) => `/api/coalitions/${w.slugs.coalition}/programs`,
    expect: { ...signedIn(403), coalitionManager: 200, superAdmin: 200 },
  },
  {
    route: 'GET /programs/{id}/editor',
    path: (w) => `/api/programs/${w.ids.draftProgram}/editor`,
    expect: { ...editors(200), notOnboarded: 403 },
  },
  {
    // A stale version: whoever gets past authorization meets 409; the super admin's editor is locked.
    route: 'PUT /programs/{id}/form',
    path: (w) => `/api/programs/${w.ids.draftProgram}/form`,
    body: () => ({ form: { questions: [] }, version: -1 }),
    expect: { ...editors(403), notOnboarded: 403, orgAdmin: 409 },
  },
  {
    route: 'POST /programs/{id}/publish',
    path: (w) => `/api/programs/${w.ids.draftProgram}/publish`,
    body: () => ({ form: { questions: [] }, version: -1 }),
    expect: { ...editors(403), notOnboarded: 403, orgAdmin: 409 },
  },
  {
    route: 'GET /programs/{id}/review-form',
    path: (w) => `/api/programs/${w.ids.draftProgram}/review-form`,
    expect: { ...editors(200), notOnboarded: 403 },
  },
  {
    route: 'PUT /programs/{id}/review-form',
    path: (w) => `/api/programs/${w.ids.draftProgram}/review-form`,
    body: () => ({ show_score: true, show_comments: true, show_decision: false, decision_options: [] }),
    expect: { ...editors(200), notOnboarded: 403, superAdmin: 403 },
  },
  {
    route: 'GET /programs/{id}/preview',
    path: (w) => `/api/programs/${w.ids.draftProgram}/preview`,
    expect: { ...editors(200), notOnboarded: 403 },
  },
  {
    route: 'GET /programs/{id}/events',
    path: (w) => `/api/programs/${w.ids.draftProgram}/events`,
    expect: { ...editors(200), notOnboarded: 403 },
  },
  {
    route: 'GET /super/programs',
    path: () => '/api/super/programs',
    expect: { ...signedIn(403), superAdmin: 200 },
  },
  {
    // A draft cannot be approved: the super admin gets past authorization and meets 409.
    route: 'POST /programs/{id}/approve',
    path: (w) => `/api/programs/${w.ids.draftProgram}/approve`,
    expect: { ...signedIn(403), superAdmin: 409 },
  },
  {
    route: 'POST /programs/{id}/request-changes',
    path: (w) => `/api/programs/${w.ids.draftProgram}/request-changes`,
    body: () => ({ note: 'Matrix' }),
    expect: { ...signedIn(403), superAdmin: 409 },
  },
  {
    route: 'POST /programs/{id}/applications',
    path: (w) => `/api/programs/${w.ids.publishedProgram}/applications`,
    expect: signedIn(200, 403),
  },
  {
    // The org admin deletes it; the super admin then finds it already deleted.
    route: 'DELETE /programs/{id}',
    path: (w) => `/api/programs/${w.ids.draftProgram}`,
    expect: { ...editors(404), notOnboarded: 403, orgAdmin: 200, coalitionManager: 403, superAdmin: 409 },
  },
  {
    route: 'POST /programs/{id}/restore',
    path: (w) => `/api/programs/${w.ids.draftProgram}/restore`,
    expect: { ...editors(404), notOnboarded: 403, orgAdmin: 200, coalitionManager: 403, superAdmin: 409 },
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
