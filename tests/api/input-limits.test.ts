import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/domain/limits';
import { onboardedUser, submittedApplication } from '../support/factory';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

let t: TestApp;
let world: World;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  ({ cookie } = await onboardedUser(t, 'limits@example.test', 'Before'));
}, 120_000);
afterAll(() => t.close());

/** A request with a raw body text (JSON.stringify cannot make every bad body). */
function raw(method: string, path: string, body: string, as: string | null = cookie, extra = {}) {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    'content-type': 'application/json',
    ...extra,
  };
  if (as) headers.cookie = as;
  return Promise.resolve(t.app.request(`${TEST_ORIGIN}${path}`, { method, headers, body }));
}

describe('NUL bytes are refused with 400, never stored or 500', () => {
  it.each(['/api/programs?search=%00', '/api/orgs/%00', '/api/coalitions/%00', '/api/orgs/a%00b/programs'])(
    'GET %s (signed out)',
    async (path) => {
      const res = await t.json('GET', path);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid');
    },
  );

  it('in a JSON body field of our routes and of better-auth’s', async () => {
    const profile = await t.json('PUT', '/api/me/profile', { as: cookie, body: { full_name: 'a\u0000b' } });
    expect(profile.status).toBe(400);
    expect((await t.json('GET', '/api/me/profile', { as: cookie })).body.full_name).toBe('Before');
    const signIn = await t.json('POST', '/api/auth/demo/sign-in', {
      body: { email: 'nul@example.test', name: 'a\u0000b' },
    });
    expect(signIn.status).toBe(400);
    // An escaped backslash before "u0000" is ordinary text, not a NUL.
    const fine = await t.json('PUT', '/api/me/profile', { as: cookie, body: { full_name: 'C:\\u0000' } });
    expect(fine.status).toBe(200);
    expect(fine.body.full_name).toBe('C:\\u0000');
  });
});

describe('size limits', () => {
  it('refuses a JSON body over 1 MiB with 413 before reading it all', async () => {
    const start = await t.json('POST', `/api/programs/${world.ids.publishedProgram}/applications`, {
      as: cookie,
    });
    expect(start.status).toBe(200);
    const big = JSON.stringify({ answers: { q: 'x'.repeat(LIMITS.bodyBytes) }, version: 0 });
    const path = `/api/applications/${start.body.id}/answers`;
    // Streamed without a length (counted while read) and with its length declared (refused unread).
    for (const declared of [{}, { 'content-length': String(Buffer.byteLength(big)) }]) {
      const res = await raw('PUT', path, big, cookie, declared);
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('too_large');
    }
    const small = JSON.stringify({ answers: {}, version: 0 });
    const fits = await raw('PUT', path, small, cookie, { 'content-length': String(small.length) });
    expect(fits.status).toBe(200);
    const stored = await t.json('GET', `/api/applications/${start.body.id}`, { as: cookie });
    expect(stored.body.answers).toEqual({});
  });

  it('refuses an answer longer than the long-text limit', async () => {
    const { cookie: as } = await onboardedUser(t, 'long.answer@example.test');
    const start = await t.json('POST', `/api/programs/${world.ids.publishedProgram}/applications`, { as });
    const res = await t.json('PUT', `/api/applications/${start.body.id}/answers`, {
      as,
      body: { answers: { essay: 'word '.repeat(LIMITS.longText / 5 + 1) }, version: 0 },
    });
    expect(res.status).toBe(400);
  });

  it('refuses question keys, labels and options and decision options beyond their limits', async () => {
    const admin = world.cookies.orgAdmin!;
    const program = world.ids.draftProgram;
    const editor = await t.json('GET', `/api/programs/${program}/editor`, { as: admin });
    expect(editor.status).toBe(200);
    const question = { key: 'q1', type: 'select', label: 'Pick one', required: false, options: ['a'] };
    const save = (q: object) =>
      t.json('PUT', `/api/programs/${program}/form`, {
        as: admin,
        body: { form: { questions: [{ ...question, ...q }] }, version: editor.body.version },
      });
    expect((await save({ key: 'k'.repeat(LIMITS.key + 1) })).status).toBe(400);
    expect((await save({ label: 'l'.repeat(LIMITS.label + 1) })).status).toBe(400);
    expect((await save({ options: ['o'.repeat(LIMITS.option + 1)] })).status).toBe(400);
    const reviewerForm = await t.json('PUT', `/api/programs/${program}/review-form`, {
      as: admin,
      body: { decision_options: ['d'.repeat(LIMITS.option + 1)] },
    });
    expect(reviewerForm.status).toBe(400);
  });
});

describe('deep JSON', () => {
  it('answers 400 to review ratings nested 20,000 deep', async () => {
    const app = await submittedApplication(t, 'deep.ratings@example.test', world.ids.publishedProgram);
    const deep = `{"version":0,"ratings":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    const res = await raw('PUT', `/api/applications/${app.id}/review`, deep, world.cookies.reviewer);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid');
    // 32 levels are fine.
    const ok = `{"version":0,"ratings":${'{"a":'.repeat(30)}1${'}'.repeat(30)}}`;
    expect((await raw('PUT', `/api/applications/${app.id}/review`, ok, world.cookies.reviewer)).status).toBe(
      200,
    );
  });
});
