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
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { softDeleteRoutes } from '../http/soft-delete';
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
    (c) => ok(c, ({ db, actor }) => listSections(db, actor)),
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
    (c) => ok(c, ({ db, clock, actor, body }) => createSection(db, clock, actor, body)),
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
    (c) => ok(c, ({ db, actor, body }) => reorderSections(db, actor, body.ids)),
  )
  .route(
    '/',
    softDeleteRoutes('session', '/super/featured/sections/{id}', {
      params: idParam,
      result: sectionResultSchema,
      remove: {
        operationId: 'hideFeaturedSection',
        method: 'post',
        path: '/super/featured/sections/{id}/hide',
        summary: 'Hide a featured section (deleted for good 30 days later)',
        tags,
      },
      restore: { operationId: 'restoreFeaturedSection', summary: 'Restore a hidden featured section', tags },
      set: setSectionHidden,
    }),
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
    (c) => ok(c, ({ db, actor, param }) => listItems(db, actor, param.id)),
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
    (c) => ok(c, ({ db, actor, param, body }) => addItem(db, actor, param.id, body)),
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
    (c) => ok(c, ({ db, actor, param, body }) => reorderItems(db, actor, param.id, body.ids)),
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
    (c) => ok(c, ({ db, actor, param, body }) => updateItem(db, actor, param.id, body)),
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
    (c) => ok(c, ({ db, actor, param }) => removeItem(db, actor, param.id)),
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
    (c) => ok(c, ({ db, actor, query }) => search(db, actor, query)),
  )
  .openapi(
    apiRoute('listOrgRequests', 'session', {
      method: 'get',
      path: '/super/org-requests',
      tags,
      summary: "Submitted applications to ApplyHub's Organization application.",
      responses: { ...jsonOk(itemsOf(orgRequestSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => listOrgRequests(db, actor)),
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
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) =>
        createOrgFromRequest(db, clock, actor, param.applicationId, body),
      ),
  );
