import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import { apiTokenMessages } from '../../shared/domain/api-tokens';
import type { AppEnv } from '../context';
import { errorBody, zodFields } from './errors';

/** One router per area; invalid input answers 400 with the first message and every field's message. */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const fields = zodFields(result.error as never);
        return c.json(errorBody('invalid', Object.values(fields)[0] ?? 'Invalid request.', fields), 400);
      }
    },
  });
}

const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

export const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
    ]),
  );

export const jsonOk = <T extends ZodType>(schema: T, description = 'OK') => ({
  200: { description, content: { 'application/json': { schema } } },
});

export const jsonBody = <T extends ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/**
 * Who may call an operation, and how (decision 040):
 * - `public`: anyone; a bearer request is served as a visitor.
 * - `session`: a signed-in person (cookie session) only; an API token is refused with 403.
 * - `token`: a signed-in person, or an API token of the organization (as its org admin, reads only
 *   for read tokens). Give it to org-admin work only: never to a person's own things (profile,
 *   applications, reviewing), never to super-admin routes, never to token management.
 */
export type Access = 'public' | 'session' | 'token';

/** The security schemes the document declares (components.securitySchemes). */
export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'applyhub.session_token',
    description:
      'The browser session set by signing in (`__Secure-applyhub.session_token` over HTTPS). Writes also need a same-origin `Origin` header.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'ahp_…',
    description:
      'A personal API token of an organization (org admin hub → API tokens): acts as an org admin of that organization only; read tokens may only GET.',
  },
} as const;

const SECURITY: Record<Access, { [scheme in keyof typeof securitySchemes]?: string[] }[]> = {
  public: [],
  session: [{ session: [] }],
  token: [{ session: [] }, { apiToken: [] }],
};

/** Per access kind: what a bearer request's API token actor becomes on the route. */
const ACCESS: Record<Access, MiddlewareHandler<AppEnv>> = {
  // Served as a visitor: the bearer middleware already cleared the actor.
  public: async (_c, next) => next(),
  session: async (c, next) => {
    if (c.get('apiTokenActor')) return c.json(errorBody('forbidden', apiTokenMessages.notForTokens), 403);
    return next();
  },
  token: async (c, next) => {
    const tokenActor = c.get('apiTokenActor');
    if (tokenActor) c.set('actor', tokenActor);
    return next();
  },
};

/**
 * Every API operation is declared with this instead of createRoute: `operationId` (unique, camelCase),
 * `access` (its security in the document and what an API token may do on it) and a `summary`
 * (required). tests/api/openapi-contract.test.ts fails for an operation without them.
 *
 *   router().openapi(apiRoute('listOrgPrograms', 'token', { method: 'get', path: '/orgs/{slug}/programs',
 *     summary: '…', request: …, responses: … }), handler)
 */
export function apiRoute<
  P extends string,
  R extends Omit<RouteConfig, 'path' | 'operationId' | 'security' | 'middleware'> & {
    path: P;
    summary: string;
  },
>(operationId: string, access: Access, config: R) {
  return createRoute({
    ...config,
    // Anyone may call a public operation, but an API token that is not valid is refused on every route
    // (api-tokens/bearer.ts): its 401 is part of each public operation's contract.
    ...(access === 'public' &&
      !(401 in config.responses) && { responses: { ...config.responses, ...errors(401) } }),
    operationId,
    security: SECURITY[access],
    middleware: [ACCESS[access]] as [MiddlewareHandler<AppEnv>],
  });
}

/** The document's head: `servers` names this server's API (PUBLIC_URL + /api). */
export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'ApplyHub API',
      version: '1.0.0',
      description:
        'ApplyHub’s JSON API. Browser sessions use the `session` cookie; integrations use a personal API token of an organization (`Authorization: Bearer ahp_…`) on the operations that list `apiToken` in their security.',
    },
    servers: [{ url: `${publicUrl.replace(/\/$/, '')}/api`, description: 'This ApplyHub server' }],
  };
}
