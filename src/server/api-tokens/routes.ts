import { z } from '@hono/zod-openapi';
import {
  apiTokenListSchema,
  createApiTokenInput,
  createdApiTokenSchema,
  revokedApiTokenSchema,
} from '../../shared/schemas/api-tokens';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { slugParam } from '../http/params';
import { orgAdmins } from '../programs/who';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

const tokenParam = slugParam.extend({ id: z.string().uuid('API token ids must be UUIDs.') });
const tags = ['api-tokens'];

/** Personal API tokens of an organization (decision 040): its org admins, signed in (never a token). */
export const apiTokenRoutes = router()
  .openapi(
    apiRoute('listApiTokens', 'session', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/api-tokens',
      tags,
      summary: 'The organization’s API tokens, revoked and expired ones too (never their secrets)',
      request: { params: slugParam },
      responses: { ...jsonOk(apiTokenListSchema), ...errors(401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => listApiTokens(db, actor, param.slug)),
  )
  .openapi(
    apiRoute('createApiToken', 'session', {
      who: orgAdmins,
      method: 'post',
      path: '/orgs/{slug}/api-tokens',
      tags,
      summary: 'Create an API token (name, scope, expiry); the answer holds its secret, shown this once',
      request: { params: slugParam, ...jsonBody(createApiTokenInput) },
      responses: { ...jsonOk(createdApiTokenSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => createApiToken(db, clock, actor, param.slug, body)),
  )
  .openapi(
    apiRoute('revokeApiToken', 'session', {
      who: orgAdmins,
      method: 'delete',
      path: '/orgs/{slug}/api-tokens/{id}',
      tags,
      summary: 'Revoke an API token: its next request is refused (401)',
      request: { params: tokenParam },
      responses: { ...jsonOk(revokedApiTokenSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => revokeApiToken(db, clock, actor, param.slug, param.id)),
  );
