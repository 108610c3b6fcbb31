import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/server/openapi-document';
import type { paths } from '../support/openapi/api-types.gen';
import { generateApiTypes, TYPES_FILE } from '../support/openapi/generate';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

describe('the typed client (openapi-typescript 6 + openapi-fetch)', () => {
  it('has types generated from the document the app serves (run `npm run openapi:types` when this fails)', async () => {
    const served = (await t.json('GET', '/api/openapi.json')).body;
    // The script builds the document without a server: it must be the one the app serves.
    expect(buildOpenApiDocument(TEST_ORIGIN)).toEqual(served);
    expect(await generateApiTypes(served), 'stale: run npm run openapi:types').toBe(
      readFileSync(TYPES_FILE, 'utf8'),
    );
  });

  it('calls two routes with an API token', async () => {
    const created = await t.json('POST', `/api/orgs/${world.slugs.org}/api-tokens`, {
      as: world.cookies.orgAdmin,
      body: { name: 'Typed client', scope: 'read_write', expires_in_days: 30 },
    });
    expect(created.status).toBe(200);
    const client = createClient<paths>({
      baseUrl: `${TEST_ORIGIN}/api`,
      headers: { Authorization: `Bearer ${created.body.secret}` },
      fetch: (request) => Promise.resolve(t.app.request(request)),
    });

    const settings = await client.GET('/orgs/{slug}/settings', {
      params: { path: { slug: world.slugs.org } },
    });
    expect(settings.response.status).toBe(200);
    expect(settings.data?.slug).toBe(world.slugs.org);

    const draft = await client.POST('/orgs/{slug}/programs', {
      params: { path: { slug: world.slugs.org } },
      body: { name: 'Typed client draft' },
    });
    expect(draft.response.status, JSON.stringify(draft.error)).toBe(200);
    expect(draft.data?.name).toBe('Typed client draft');

    const list = await client.GET('/orgs/{slug}/programs', { params: { path: { slug: world.slugs.org } } });
    expect(list.data?.items.map((p) => p.name)).toContain('Typed client draft');

    // The error side is typed too: a route that refuses tokens.
    const me = await client.GET('/me');
    expect(me.response.status).toBe(403);
  });
});
