import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedUser, startApplication, submittedApplication } from '../support/factory';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * A probe over every write route of the OpenAPI document (and better-auth's writes): each field
 * of each body gets values of the wrong kind, NUL bytes, huge strings and nesting; path and query
 * parameters get NUL and malformed ids. Whatever the answer, it is never a 5xx.
 */
let t: TestApp;
let world: World;
let applicant: { cookie: string; id: string };
let draftApp: string;
let submittedApp: string;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  applicant = await onboardedUser(t, 'sweep.applicant@example.test');
  draftApp = await startApplication(t, applicant.cookie, world.ids.publishedProgram);
  submittedApp = (await submittedApplication(t, 'sweep.submitted@example.test', world.ids.publishedProgram))
    .id;
}, 180_000);
afterAll(() => t.close());

const badValues: unknown[] = [
  'a\u0000b',
  'x'.repeat(300_000),
  '',
  -1,
  1e308,
  true,
  null,
  [],
  [{ a: 'b' }, 'c', 1],
  { nested: { deeper: ['x\u0000'] } },
  '2026-13-45T99:99:99Z',
  'not-a-uuid',
];
const badBodies = ['[]', 'null', '"text"', '12', '{}', '{"a":', `${'['.repeat(40)}${']'.repeat(40)}`];

interface Route {
  method: string;
  path: string;
  fields: string[];
  query: string[];
  /** Signed-in callers only (a session or API token): a visitor hears 401 whatever they send. */
  signedIn: boolean;
}

/** Whom each route is tried as: the role that gets furthest into it. */
function callerFor(path: string): string | null {
  if (path.startsWith('/super')) return world.cookies.superAdmin;
  if (path.startsWith('/applications/{id}/review')) return world.cookies.reviewer;
  if (path.startsWith('/programs') || path.startsWith('/orgs')) return world.cookies.orgAdmin;
  return applicant.cookie;
}

/** A value for a path parameter that reaches the route's logic, then malformed ones. */
function paramValues(path: string, name: string): string[] {
  let good: string = randomUUID();
  if (name === 'slug') good = world.slugs.org;
  else if (name === 'userId') good = applicant.id;
  else if (name === 'orgId') good = world.ids.otherOrg;
  else if (name === 'applicationId') good = submittedApp;
  else if (path.startsWith('/programs/{id}'))
    good = path.includes('publish') ? world.ids.publishedProgram : world.ids.draftProgram;
  else if (path.startsWith('/applications/{id}/review')) good = submittedApp;
  else if (path.startsWith('/applications/{id}')) good = draftApp;
  else if (path.startsWith('/super/orgs/{id}')) good = world.ids.otherOrg;
  else if (path.startsWith('/super/users/{id}')) good = applicant.id;
  return [good, 'not-a-uuid', '%00', randomUUID()];
}

function fill(path: string, pick: (name: string, values: string[]) => string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => pick(name, paramValues(path, name)));
}

describe('bad-input sweep over every write route', () => {
  it('never answers 5xx', async () => {
    const doc = (await t.json('GET', '/api/openapi.json')).body;
    const routes: Route[] = [];
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        if (method === 'get') continue;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        routes.push({
          method: method.toUpperCase(),
          path,
          fields: Object.keys(schema?.properties ?? {}),
          query: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name),
          signedIn: (op.security ?? []).length > 0,
        });
      }
    }
    routes.push(
      { method: 'POST', path: '/auth/sign-out', fields: [], query: [], signedIn: false },
      { method: 'POST', path: '/auth/demo/sign-in', fields: ['email', 'name'], query: [], signedIn: false },
      { method: 'POST', path: '/demo/sign-in', fields: ['email', 'name'], query: [], signedIn: false },
    );
    // Deletions last, so the other routes still find what they act on.
    routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(routes.length).toBeGreaterThan(40);

    let sent = 0;
    const failures: string[] = [];
    // Who before what (DESIGN §5 rule 13): a visitor on a signed-in route hears 401, never 400.
    const visitorHeard: string[] = [];
    const send = async (method: string, path: string, body: string | undefined, as: string | null) => {
      const headers: Record<string, string> = { origin: TEST_ORIGIN };
      if (as) headers.cookie = as;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await t.app.request(`${TEST_ORIGIN}/api${path}`, { method, headers, body });
      await res.arrayBuffer();
      sent++;
      if (res.status >= 500) failures.push(`${method} ${path} ${body?.slice(0, 80) ?? ''} → ${res.status}`);
      return res.status;
    };

    for (const route of routes) {
      const as = callerFor(route.path);
      const good = fill(route.path, (_, values) => values[0]);
      for (const variant of [0, 1, 2, 3]) {
        const path = fill(route.path, (_, values) => values[variant]);
        const query = route.query.map((q) => `${q}=%00`).join('&');
        await send(route.method, query ? `${path}?${query}` : path, '{}', as);
      }
      if (route.path === '/files') continue; // raw bytes, covered by the files tests
      for (const body of badBodies) await send(route.method, good, body, as);
      for (const field of route.fields) {
        for (const value of badValues) await send(route.method, good, JSON.stringify({ [field]: value }), as);
      }
      await send(route.method, good, undefined, as);
      await send(route.method, good, '{}', null);
      if (route.signedIn) {
        const malformed = fill(route.path, (_, values) => values[1]);
        for (const [path, body] of [
          [good, '[]'],
          [good, '{"a":'],
          [malformed, '{}'],
          [
            route.query.length
              ? `${good}?${route.query.map((q) => `${q}=${'x'.repeat(600)}`).join('&')}`
              : good,
            '{}',
          ],
        ] as const) {
          const status = await send(route.method, path, body, null);
          if (status !== 401) visitorHeard.push(`${route.method} ${path.slice(0, 80)} ${body} → ${status}`);
        }
      }
    }
    console.log(
      `bad-input sweep: ${sent} requests over ${routes.length} write routes, ${failures.length} answered 5xx`,
    );
    expect(failures).toEqual([]);
    expect(visitorHeard).toEqual([]);
  }, 300_000);
});
