import { z } from '@hono/zod-openapi';
import {
  assignmentListQuery,
  assignmentResultSchema,
  assignmentRowSchema,
  messageSchema,
  scopeOptionsSchema,
  setRoleInput,
  superUserSchema,
  upsertAssignmentInput,
  userListQuery,
} from '../../shared/schemas/governance';
import { itemsOf } from '../../shared/schemas/me';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { softDeleteRoutes } from '../http/soft-delete';
import {
  superDeleteUser,
  superListAssignments,
  superListUsers,
  superRemoveAssignment,
  superRestoreUser,
  superScopeOptions,
  superSetUserRole,
  superUpsertAssignment,
  superUserAssignments,
} from './super-service';

const tags = ['super'];
const userId = z.object({ id: z.string().uuid('User ids must be UUIDs.') });
const assignmentId = z.object({ id: z.string().uuid('Assignment ids must be UUIDs.') });
const userResult = z.object({ message: z.string(), item: superUserSchema });
const denied = [401, 403] as const;

/** Super admin: users, roles and assignments (issue 6). Everyone else: 401/403. */
export const superUserRoutes = router()
  .openapi(
    apiRoute('listUsers', 'session', {
      method: 'get',
      path: '/super/users',
      tags,
      summary: 'Users by name, email or id, role filter, optionally with deleted ones; page size 1000.',
      request: { query: userListQuery },
      responses: { ...jsonOk(itemsOf(superUserSchema)), ...errors(400, ...denied) },
    }),
    (c) => ok(c, ({ db, actor, query }) => superListUsers(db, actor, query)),
  )
  .openapi(
    apiRoute('setUserRole', 'session', {
      method: 'put',
      path: '/super/users/{id}/role',
      tags,
      summary:
        'Superadmin (with confirm: true) or User (applicant). One row, all or nothing; the bulk change calls it per row.',
      request: { params: userId, ...jsonBody(setRoleInput) },
      responses: { ...jsonOk(superUserSchema), ...errors(400, ...denied, 404, 409, 422) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) =>
        superSetUserRole(db, clock, actor, param.id, body.role, body.confirm),
      ),
  )
  .route(
    '/',
    softDeleteRoutes('session', '/super/users/{id}', {
      params: userId,
      result: userResult,
      remove: {
        operationId: 'deleteUser',
        tags,
        summary: 'Soft delete: all data kept, sessions ended at once.',
      },
      restore: { operationId: 'restoreUser', summary: 'Restore a soft-deleted user (super admins)', tags },
      set: (db, clock, actor, id, deleted) =>
        (deleted ? superDeleteUser : superRestoreUser)(db, clock, actor, id),
    }),
  )
  .openapi(
    apiRoute('listUserAssignments', 'session', {
      method: 'get',
      path: '/super/users/{id}/assignments',
      summary: "A user's assignments (super admins)",
      tags,
      request: { params: userId },
      responses: { ...jsonOk(itemsOf(assignmentRowSchema)), ...errors(400, ...denied, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => superUserAssignments(db, actor, param.id)),
  )
  .openapi(
    apiRoute('listAssignments', 'session', {
      method: 'get',
      path: '/super/assignments',
      summary: 'Assignments across the platform (filters; super admins)',
      tags,
      request: { query: assignmentListQuery },
      responses: { ...jsonOk(itemsOf(assignmentRowSchema)), ...errors(400, ...denied) },
    }),
    (c) => ok(c, ({ db, actor, query }) => superListAssignments(db, actor, query)),
  )
  .openapi(
    apiRoute('createAssignment', 'session', {
      method: 'post',
      path: '/super/assignments',
      tags,
      summary:
        'Adds or updates an assignment (active or revoked); an applicant given one has the role bumped.',
      request: jsonBody(upsertAssignmentInput),
      responses: { ...jsonOk(assignmentResultSchema), ...errors(400, ...denied, 404, 409) },
    }),
    (c) => ok(c, ({ db, actor, body }) => superUpsertAssignment(db, actor, body)),
  )
  .openapi(
    apiRoute('revokeAssignment', 'session', {
      method: 'delete',
      path: '/super/assignments/{id}',
      tags,
      summary: 'Org admin and coalition manager: revoked (status revoked). Reviewer: removed.',
      request: { params: assignmentId },
      responses: { ...jsonOk(messageSchema), ...errors(400, ...denied, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => superRemoveAssignment(db, actor, param.id)),
  )
  .openapi(
    apiRoute('listAssignmentScopes', 'session', {
      method: 'get',
      path: '/super/scopes',
      tags,
      summary: 'Live organizations, coalitions and programs for the assignment pickers.',
      responses: { ...jsonOk(scopeOptionsSchema), ...errors(...denied) },
    }),
    (c) => ok(c, ({ db, actor }) => superScopeOptions(db, actor)),
  );
