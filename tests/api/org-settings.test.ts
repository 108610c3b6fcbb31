import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, uploadFile } from '../support/factory';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * Issue 19 item 3: the organization settings (name, description, website, contact email, logo) that
 * its public page shows and its emails are sent with. The org admin's page and the super admin's
 * organization editor use the same record; changes show on the public page at once.
 */
let t: TestApp;
let world: World;
let admin: string;
let superAdmin: string;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  superAdmin = world.cookies.superAdmin as string;
  slug = world.slugs.org;
});
afterAll(() => t?.close());

const publicPage = async () => (await t.json('GET', `/api/orgs/${slug}`)).body;

describe('organization settings', () => {
  it('saved by the org admin, shown on the public page at once; the super admin edits the same record', async () => {
    const saved = await t.json('PUT', `/api/orgs/${slug}/settings`, {
      as: admin,
      body: {
        name: 'Riverside Arts Centre',
        description: 'Music, theatre and dance for young people since 1987.',
        website: 'https://riverside.example.org',
        contact_email: 'hello@riverside.example.org',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({
      name: 'Riverside Arts Centre',
      website: 'https://riverside.example.org',
      contact_email: 'hello@riverside.example.org',
    });
    expect(await publicPage()).toMatchObject({
      name: 'Riverside Arts Centre',
      description: 'Music, theatre and dance for young people since 1987.',
      website: 'https://riverside.example.org',
      contact_email: 'hello@riverside.example.org',
      logo_url: null,
    });

    // The super admin's editor: the same record, both ways.
    const asSuper = await t.json('GET', `/api/orgs/${slug}/settings`, { as: superAdmin });
    expect(asSuper.body).toMatchObject({
      name: 'Riverside Arts Centre',
      contact_email: 'hello@riverside.example.org',
    });
    const bySuper = await t.json('PUT', `/api/orgs/${slug}/settings`, {
      as: superAdmin,
      body: {
        ...asSuper.body,
        description: null,
        logo: undefined,
        logo_url: undefined,
        id: undefined,
        slug: undefined,
      },
    });
    expect(bySuper.status).toBe(200);
    expect((await t.json('GET', `/api/orgs/${slug}/settings`, { as: admin })).body.description).toBeNull();
    expect((await publicPage()).description).toBeNull();
  });

  it('refuses bad input with the field’s message and keeps what was saved', async () => {
    const bad = await t.json('PUT', `/api/orgs/${slug}/settings`, {
      as: admin,
      body: { name: '  ', website: 'javascript:alert(1)', contact_email: 'not an address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      name: 'Organization name is required.',
      website: 'Enter a web address starting with https:// or http://.',
      contact_email: 'Enter a valid email address.',
    });
    expect((await publicPage()).name).toBe('Riverside Arts Centre');
  });

  it('takes a logo under the file rules: an image whose bytes are an image; served publicly; removable', async () => {
    // Declared an image, but the bytes are text: refused by the content check.
    const fake = await t.app.request(`${TEST_ORIGIN}/api/files?purpose=logo&org_slug=${slug}`, {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        cookie: admin,
        'content-type': 'image/png',
        'content-length': '11',
        'x-file-name': 'logo.png',
      },
      body: new TextEncoder().encode('hello there'),
    });
    expect(fake.status).toBe(422);
    expect((await publicPage()).logo_url).toBeNull();

    await uploadFile(t, admin, 'logo', { orgSlug: slug, body: PNG, type: 'image/png', name: 'logo.png' });
    const page = await publicPage();
    expect(page.logo_url).toMatch(new RegExp(`/api/orgs/${slug}/logo`));
    const logo = await t.app.request(`${TEST_ORIGIN}/api/orgs/${slug}/logo`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    const removed = await t.json('DELETE', `/api/orgs/${slug}/logo`, { as: admin });
    expect(removed.status).toBe(200);
    expect((await publicPage()).logo_url).toBeNull();
    expect((await t.app.request(`${TEST_ORIGIN}/api/orgs/${slug}/logo`)).status).toBe(404);
  });

  it('is for the organization’s admins and super admins only', async () => {
    const body = { name: 'Taken over' };
    expect(
      (await t.json('PUT', `/api/orgs/${slug}/settings`, { as: world.cookies.reviewer, body })).status,
    ).toBe(403);
    expect(
      (await t.json('PUT', `/api/orgs/${slug}/settings`, { as: world.cookies.otherOrgAdmin, body })).status,
    ).toBe(403);
    expect((await t.json('PUT', `/api/orgs/${slug}/settings`, { body })).status).toBe(401);
    expect((await publicPage()).name).toBe('Riverside Arts Centre');
  });
});
