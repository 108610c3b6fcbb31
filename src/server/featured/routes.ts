import { z } from '@hono/zod-openapi';
import {
  addItemInput,
  adminItemSchema,
  adminSectionSchema,
  createOrgFromRequestInput,
  createOrgResultSchema,
  createSectionInput,
  messageSchema,
  orgRequestSchema,
  reorderInput,
  searchQuery,
  searchResultSchema,
  sectionResultSchema,
  updateItemInput,
} from '../../shared/schemas/featured';
import { itemsOf } from '../../shared/schemas/me';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { createOrgFromRequest, listOrgRequests } from './org-requests';
import {
  addItem,
  createSection,
  listItems,
  listSections,
  removeItem,
  reorderItems,
  reorderSections,
  search,
  setSectionHidden,
  updateItem,
} from './service';

const idParam = z.object({ id: z.string().uuid('Ids must be UUIDs.') });
const applicationParam = z.object({ applicationId: z.string().uuid('Ids must be UUIDs.') });
const tags = ['featured'];
const sections = itemsOf(adminSectionSchema);
const items = itemsOf(adminItemSchema);

/** Super admin: featured manager and org creation requests (issue 6). */
export const featuredRoutes = router()
  .openapi(
    apiRoute('listFeaturedSections', 'session', {
      method: 'get',
      path: '/super/featured/sections',
      tags,
      summary: 'Every featured section, hidden ones too.',
      responses: { ...jsonOk(sections), ...errors(401, 403) },
    }),
    async (c) => c.json(await listSections(c.get('deps').db, c.get('actor')), 200),
  )
  .openapi(
    apiRoute('createFeaturedSection', 'session', {
      method: 'post',
      path: '/super/featured/sections',
      summary: 'Create a featured section on the landing page',
      tags,
      request: jsonBody(createSectionInput),
      responses: { ...jsonOk(sectionResultSchema), ...errors(400, 401, 403, 409, 422) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await createSection(db, clock, c.get('actor'), c.req.valid('json')), 200);
    },
  )
  .openapi(
    apiRoute('reorderFeaturedSections', 'session', {
      method: 'put',
      path: '/super/featured/sections/order',
      summary: 'Reorder the featured sections',
      tags,
      request: jsonBody(reorderInput),
      responses: { ...jsonOk(sections), ...errors(400, 401, 403, 409) },
    }),
    async (c) =>
      c.json(await reorderSections(c.get('deps').db, c.get('actor'), c.req.valid('json').ids), 200),
  )
  .openapi(
    apiRoute('hideFeaturedSection', 'session', {
      method: 'post',
      path: '/super/featured/sections/{id}/hide',
      summary: 'Hide a featured section (deleted for good 30 days later)',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(sectionResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await setSectionHidden(db, clock, c.get('actor'), c.req.valid('param').id, true), 200);
    },
  )
  .openapi(
    apiRoute('restoreFeaturedSection', 'session', {
      method: 'post',
      path: '/super/featured/sections/{id}/restore',
      summary: 'Restore a hidden featured section',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(sectionResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await setSectionHidden(db, clock, c.get('actor'), c.req.valid('param').id, false), 200);
    },
  )
  .openapi(
    apiRoute('listFeaturedItems', 'session', {
      method: 'get',
      path: '/super/featured/sections/{id}/items',
      summary: 'The items of a featured section',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(items), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await listItems(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    apiRoute('createFeaturedItem', 'session', {
      method: 'post',
      path: '/super/featured/sections/{id}/items',
      summary: 'Add an item (program, organization or link) to a featured section',
      tags,
      request: { params: idParam, ...jsonBody(addItemInput) },
      responses: { ...jsonOk(adminItemSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    async (c) =>
      c.json(
        await addItem(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    apiRoute('reorderFeaturedItems', 'session', {
      method: 'put',
      path: '/super/featured/sections/{id}/items/order',
      summary: 'Reorder the items of a featured section',
      tags,
      request: { params: idParam, ...jsonBody(reorderInput) },
      responses: { ...jsonOk(items), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await reorderItems(
          c.get('deps').db,
          c.get('actor'),
          c.req.valid('param').id,
          c.req.valid('json').ids,
        ),
        200,
      ),
  )
  .openapi(
    apiRoute('updateFeaturedItem', 'session', {
      method: 'patch',
      path: '/super/featured/items/{id}',
      summary: 'Edit a featured item',
      tags,
      request: { params: idParam, ...jsonBody(updateItemInput) },
      responses: { ...jsonOk(adminItemSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    async (c) =>
      c.json(
        await updateItem(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    apiRoute('deleteFeaturedItem', 'session', {
      method: 'delete',
      path: '/super/featured/items/{id}',
      summary: 'Remove a featured item',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(messageSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await removeItem(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    apiRoute('searchFeaturedCandidates', 'session', {
      method: 'get',
      path: '/super/featured/search',
      tags,
      summary: 'Live organizations, published programs and coalitions by name (at most 20).',
      request: { query: searchQuery },
      responses: { ...jsonOk(itemsOf(searchResultSchema)), ...errors(400, 401, 403) },
    }),
    async (c) => c.json(await search(c.get('deps').db, c.get('actor'), c.req.valid('query')), 200),
  )
  .openapi(
    apiRoute('listOrgRequests', 'session', {
      method: 'get',
      path: '/super/org-requests',
      tags,
      summary: "Submitted applications to ApplyHub's Organization application.",
      responses: { ...jsonOk(itemsOf(orgRequestSchema)), ...errors(401, 403) },
    }),
    async (c) => c.json(await listOrgRequests(c.get('deps').db, c.get('actor')), 200),
  )
  .openapi(
    apiRoute('createOrgFromRequest', 'session', {
      method: 'post',
      path: '/super/org-requests/{applicationId}/create-org',
      summary: 'Create the organization an accepted organization application asked for',
      tags,
      request: { params: applicationParam, ...jsonBody(createOrgFromRequestInput) },
      responses: { ...jsonOk(createOrgResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(
        await createOrgFromRequest(
          db,
          clock,
          c.get('actor'),
          c.req.valid('param').applicationId,
          c.req.valid('json'),
        ),
        200,
      );
    },
  );
