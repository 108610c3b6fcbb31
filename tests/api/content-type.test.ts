/**
 * One body contract for every write route (issue 23 item 6): a route that takes a JSON body answers
 * 415 to any other Content-Type, or to a body sent without one, and changes nothing (a visitor on a
 * signed-in route hears 401 first; signed-in callers are tried in the api-tokens and matrix suites). The autosave
 * shortcut (decision 031) reads its body itself, so it is tried warm, where it answers on its own.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { onboardedUser, startApplication } from '../support/factory';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
}, 120_000);
afterAll(() => t.close());

/** Content types that are not JSON; `null` sends the body with no Content-Type at all. */
const notJson = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonp',
  null,
];

function send(method: string, path: string, body: string, type: string | null, cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (type) headers['content-type'] = type;
  if (cookie) headers.cookie = cookie;
  // Bytes, not a string: a string body would make the Request add text/plain itself.
  return t.app.request(`${TEST_ORIGIN}/api${path}`, {
    method,
    headers,
    body: new TextEncoder().encode(body),
  });
}

describe('Content-Type of write routes', () => {
  it('a warm autosave with a body that is not declared JSON answers 415 and saves nothing', async () => {
    const { cookie } = await onboardedUser(t, 'content.type@example.test');
    const id = await startApplication(t, cookie, demoProgramId(1));
    const warm = await t.json('PUT', `/api/applications/${id}/answers`, {
      as: cookie,
      body: { answers: { q_repertoire: 'Warm' }, version: 1 },
    });
    expect(warm.status).toBe(200);
    const version = warm.body.version as number;

    for (const type of notJson) {
      const body = JSON.stringify({ answers: { q_repertoire: `Sent as ${type}` }, version });
      const res = await send('PUT', `/applications/${id}/answers`, body, type, cookie);
      expect(res.status, `${type}: ${await res.text()}`).toBe(415);
    }
    const [row] = await t.deps.db
      .select({ version: applications.version, answers: applications.answers })
      .from(applications)
      .where(eq(applications.id, id));
    expect(row).toEqual({ version, answers: { q_repertoire: 'Warm' } });

    // JSON with a charset or a +json suffix is JSON.
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const body = JSON.stringify({ answers: { q_repertoire: type }, version: row.version });
      const res = await send('PUT', `/applications/${id}/answers`, body, type, cookie);
      expect(res.status, type).toBe(200);
      row.version = ((await res.json()) as { version: number }).version;
    }
  });

  it('every route of the OpenAPI document that takes a JSON body answers 415 to anything else', async () => {
    const doc = (await t.json('GET', '/api/openapi.json')).body;
    const refused: string[] = [];
    let routes = 0;
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        if (!op.requestBody?.content?.['application/json']) continue;
        routes++;
        const url = path.replace(/\{\w+\}/g, randomUUID());
        // Who before what (DESIGN §5 rule 13): a visitor on a signed-in route hears 401 first.
        const expected = (op.security ?? []).length > 0 ? 401 : 415;
        for (const type of notJson) {
          const res = await send(method.toUpperCase(), url, '{}', type);
          if (res.status !== expected) refused.push(`${method} ${path} ${type}: ${res.status}`);
        }
      }
    }
    expect(routes).toBeGreaterThan(25);
    expect(refused).toEqual([]);
  });

  it("better-auth's sign-in routes take JSON only", async () => {
    for (const path of ['/auth/demo/sign-in', '/demo/sign-in']) {
      const res = await send('POST', path, JSON.stringify({ email: 'form.post@example.test' }), 'text/plain');
      expect(res.status, path).toBe(415);
    }
  });
});
