import { z } from '@hono/zod-openapi';
import {
  addMemberInput,
  coalitionMemberSchema,
  createEntityInput,
  deletedQuery,
  messageSchema,
  superCoalitionSchema,
  superOrgSchema,
} from '../../shared/schemas/governance';
import { itemsOf } from '../../shared/schemas/me';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { softDeleteRoutes } from '../http/soft-delete';
import {
  superAddMember,
  superCreateCoalition,
  superCreateOrg,
  superListCoalitions,
  superListMembers,
  superListOrgs,
  superRemoveMember,
  superSetCoalitionDeleted,
  superSetOrgDeleted,
} from './super-service';

const tags = ['super'];
const orgId = z.object({ id: z.string().uuid('Organization ids must be UUIDs.') });
const coalitionId = z.object({ id: z.string().uuid('Coalition ids must be UUIDs.') });
const memberParams = z.object({
  id: z.string().uuid('Coalition ids must be UUIDs.'),
  orgId: z.string().uuid('Organization ids must be UUIDs.'),
});
/** An organization or a coalition as a write returns it (a coalition's member count is not part of it). */
const entityResult = z.object({ message: z.string(), item: superOrgSchema });
const coalitionResult = z.object({ message: z.string(), item: superCoalitionSchema });
const denied = [401, 403] as const;

/** Super admin: organizations, coalitions and memberships (issue 6). Everyone else: 401/403. */
export const superOrgRoutes = router()
  .openapi(
    apiRoute('listAllOrgs', 'session', {
      method: 'get',
      path: '/super/orgs',
      summary: 'Every organization, deleted ones too (super admins)',
      tags,
      request: { query: deletedQuery },
      responses: { ...jsonOk(itemsOf(superOrgSchema)), ...errors(400, ...denied) },
    }),
    (c) => ok(c, ({ db, actor, query }) => superListOrgs(db, actor, query.deleted === 'true')),
  )
  .openapi(
    apiRoute('createOrg', 'session', {
      method: 'post',
      path: '/super/orgs',
      summary: 'Create an organization (super admins)',
      tags,
      request: jsonBody(createEntityInput),
      responses: { ...jsonOk(entityResult), ...errors(400, ...denied, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, body }) => superCreateOrg(db, clock, actor, body)),
  )
  .route(
    '/',
    softDeleteRoutes('session', '/super/orgs/{id}', {
      params: orgId,
      result: entityResult,
      remove: {
        operationId: 'deleteOrg',
        tags,
        summary: 'Soft delete: the organization and its programs leave every public page; all data is kept.',
      },
      restore: { operationId: 'restoreOrg', summary: 'Restore a deleted organization (super admins)', tags },
      set: superSetOrgDeleted,
    }),
  )
  .openapi(
    apiRoute('listAllCoalitions', 'session', {
      method: 'get',
      path: '/super/coalitions',
      summary: 'Every coalition, deleted ones too (super admins)',
      tags,
      request: { query: deletedQuery },
      responses: { ...jsonOk(itemsOf(superCoalitionSchema)), ...errors(400, ...denied) },
    }),
    (c) => ok(c, ({ db, actor, query }) => superListCoalitions(db, actor, query.deleted === 'true')),
  )
  .openapi(
    apiRoute('createCoalition', 'session', {
      method: 'post',
      path: '/super/coalitions',
      summary: 'Create a coalition (super admins)',
      tags,
      request: jsonBody(createEntityInput),
      responses: { ...jsonOk(coalitionResult), ...errors(400, ...denied, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, body }) => superCreateCoalition(db, clock, actor, body)),
  )
  .route(
    '/',
    softDeleteRoutes('session', '/super/coalitions/{id}', {
      params: coalitionId,
      result: entityResult,
      remove: {
        operationId: 'deleteCoalition',
        summary: 'Delete a coalition (soft delete; super admins)',
        tags,
      },
      restore: {
        operationId: 'restoreCoalition',
        summary: 'Restore a deleted coalition (super admins)',
        tags,
      },
      set: superSetCoalitionDeleted,
    }),
  )
  .openapi(
    apiRoute('listCoalitionMembers', 'session', {
      method: 'get',
      path: '/super/coalitions/{id}/members',
      summary: 'The member organizations of a coalition',
      tags,
      request: { params: coalitionId },
      responses: { ...jsonOk(itemsOf(coalitionMemberSchema)), ...errors(400, ...denied, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => superListMembers(db, actor, param.id)),
  )
  .openapi(
    apiRoute('addCoalitionMember', 'session', {
      method: 'post',
      path: '/super/coalitions/{id}/members',
      summary: 'Add an organization to a coalition',
      tags,
      request: { params: coalitionId, ...jsonBody(addMemberInput) },
      responses: { ...jsonOk(messageSchema), ...errors(400, ...denied, 404, 409) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) =>
        superAddMember(db, clock, actor, param.id, body.organization_id),
      ),
  )
  .openapi(
    apiRoute('removeCoalitionMember', 'session', {
      method: 'delete',
      path: '/super/coalitions/{id}/members/{orgId}',
      summary: 'Remove an organization from a coalition',
      tags,
      request: { params: memberParams },
      responses: { ...jsonOk(messageSchema), ...errors(400, ...denied, 404) },
    }),
    async (c) => {
      const { id, orgId: org } = c.req.valid('param');
      return c.json(await superRemoveMember(c.get('deps').db, c.get('actor'), id, org), 200);
    },
  );
