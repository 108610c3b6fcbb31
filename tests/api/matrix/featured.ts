import { randomUUID } from 'node:crypto';
import { demoFeaturedItemId, demoSectionId } from '../../../src/server/db/seed/ids';
import { orgRequest } from '../../support/factory';
import { type MatrixArea, type Role, signedIn } from './helpers';

/** Only a (not soft-deleted, onboarded) super admin: `status`; everyone else signed in 403. */
const superOnly = (status: number): Record<Role, number> => ({ ...signedIn(403), superAdmin: status });

const made = { section: '', item: '', request: '' };

/** Super admin: featured manager and org creation requests (issue 6). */
export const featuredArea: MatrixArea = {
  prepare: async (t, world) => {
    const as = world.cookies.superAdmin;
    const section = await t.json('POST', '/api/super/featured/sections', {
      as,
      body: { header: 'Matrix section', section_type: 'gallery' },
    });
    made.section = section.body.section.id;
    const item = await t.json('POST', `/api/super/featured/sections/${demoSectionId(1)}/items`, {
      as,
      body: { target_type: 'org', target_id: world.ids.riversideOrg },
    });
    if (item.status !== 200) throw new Error(`matrix featured item: ${item.status}`);
    made.item = item.body.id;
    const requester = await t.signIn('matrix.requester@example.test');
    await t.request('POST', '/api/me/onboarding', { as: requester, body: { accept_terms: true } });
    made.request = await orgRequest(t, requester, {
      answers: { q_org_name: 'Matrix Org' },
      decision: 'approved',
    });
  },
  rows: [
    {
      route: 'GET /super/featured/sections',
      path: () => '/api/super/featured/sections',
      expect: superOnly(200),
    },
    {
      route: 'GET /super/featured/sections/{id}/items',
      path: () => `/api/super/featured/sections/${demoSectionId(1)}/items`,
      expect: superOnly(200),
    },
    {
      route: 'GET /super/featured/search',
      path: () => '/api/super/featured/search?q=arts',
      expect: superOnly(200),
    },
    { route: 'GET /super/org-requests', path: () => '/api/super/org-requests', expect: superOnly(200) },
    {
      // A stale order (not the current set): past authorization it is refused with 409.
      route: 'PUT /super/featured/sections/order',
      writes: 'featured',
      path: () => '/api/super/featured/sections/order',
      body: () => ({ ids: [randomUUID()] }),
      expect: superOnly(409),
    },
    {
      route: 'PUT /super/featured/sections/{id}/items/order',
      writes: 'featured',
      path: () => `/api/super/featured/sections/${demoSectionId(2)}/items/order`,
      body: () => ({ ids: [randomUUID()] }),
      expect: superOnly(409),
    },
  ],
  lastRows: [
    {
      route: 'POST /super/featured/sections',
      writes: 'featured',
      path: () => '/api/super/featured/sections',
      body: () => ({ header: 'Matrix made', section_type: 'carousel' }),
      expect: superOnly(200),
    },
    {
      route: 'POST /super/featured/sections/{id}/items',
      writes: 'featured',
      path: () => `/api/super/featured/sections/${made.section}/items`,
      body: (w) => ({ target_type: 'program', target_id: w.ids.publishedProgram }),
      expect: superOnly(200),
    },
    {
      route: 'PATCH /super/featured/items/{id}',
      writes: 'featured',
      path: () => `/api/super/featured/items/${demoFeaturedItemId(1)}`,
      // Not the demo's own label ('Audition now'): the first accepted call changes the item.
      body: () => ({ button_label: 'Audition today' }),
      expect: superOnly(200),
    },
    {
      route: 'DELETE /super/featured/items/{id}',
      writes: 'featured',
      path: () => `/api/super/featured/items/${made.item}`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/featured/sections/{id}/hide',
      writes: 'featured',
      path: () => `/api/super/featured/sections/${made.section}/hide`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/featured/sections/{id}/restore',
      writes: 'featured',
      path: () => `/api/super/featured/sections/${made.section}/restore`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/org-requests/{applicationId}/create-org',
      writes: 'orgs',
      path: () => `/api/super/org-requests/${made.request}/create-org`,
      body: () => ({ name: 'Matrix Org', slug: 'matrix-org' }),
      expect: superOnly(200),
    },
  ],
};
