import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import { apiTokenMessages } from '../../shared/domain/api-tokens';
import type { Actor } from '../../shared/policy';
import { type AppEnv, assertCan, requireActor } from '../context';
import { NotFound, Unauthenticated } from '../errors';
import { errorBody, zodFields } from './errors';

/**
 * Who before what (DESIGN §5 rule 13, decision 052): a visitor on a signed-in route is refused (401)
 * before anything is read (`ACCESS`); before a request's input is refused (400, 415), the route's
 * caller check (`who`) runs, so a signed-in caller without rights hears 403/404 whatever they sent.
 * That check runs only when the input is refused: for good input the service decides, as always,
 * with the same access function, at no extra cost.
 */
export async function whoFirst(c: Context<AppEnv>): Promise<void> {
  await c.get('whoFirst')?.();
}

/** One router per area; invalid input answers 400 with the first message and every field's message. */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: async (result, c) => {
      if (!result.success) {
        await whoFirst(c as never);
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
  // A visitor is refused at once: nothing of the request is looked at (DESIGN §5 rule 13).
  session: async (c, next) => {
    if (c.get('apiTokenActor')) return c.json(errorBody('forbidden', apiTokenMessages.notForTokens), 403);
    if (!c.get('actor')) throw new Unauthenticated();
    return next();
  },
  token: async (c, next) => {
    const tokenActor = c.get('apiTokenActor');
    if (tokenActor) c.set('actor', tokenActor);
    if (!c.get('actor')) throw new Unauthenticated();
    return next();
  },
};

/**
 * Who may call an operation (besides its `access`), checked before its input (DESIGN §5 rule 13):
 * throws the same 403/404 the service would for that caller, reading the raw path parameters (they
 * are not validated yet: `rawId` turns a malformed id into the route's 404). Reuse the service's own
 * access function, so the two cannot disagree. Routes without one: any signed-in, onboarded person
 * (`anyone`: signed in, onboarding or not; `public` routes: anyone at all).
 */
export type Who = (c: Context<AppEnv>, actor: Actor | null) => Promise<unknown> | unknown;

/** A path parameter before validation. */
export const rawParam = (c: Context<AppEnv>, name: string) => c.req.param(name as never) ?? '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path parameter that must be an id: a malformed one is simply not found (`notFound()` throws). */
export function rawId(c: Context<AppEnv>, name: string, notFound: () => Error): string {
  const value = rawParam(c, name);
  if (!UUID.test(value)) throw notFound();
  return value;
}

/** Super admins only: every `/super/…` operation (its default `who`). */
export const superAdmins: Who = (_c, actor) => assertCan(actor, { kind: 'super:manage' });

/** The caller check of `session` and `token` routes without a `who`: signed in and onboarded. */
const signedIn: Who = (_c, actor) => requireActor(actor);
/** Signed in, onboarded or not (onboarding itself, and who one is). */
export const anyone: Who = (_c, actor) => requireActor(actor, { allowNotOnboarded: true });

function whoMiddleware(
  access: Access,
  path: string,
  params: ZodType | undefined,
  who: Who | undefined,
): MiddlewareHandler<AppEnv> {
  const check = who ?? (path.startsWith('/super/') ? superAdmins : access === 'public' ? null : signedIn);
  return async (c, next) => {
    c.set('whoFirst', async () => {
      const actor = c.get('actor');
      if (access !== 'public' && !actor) throw new Unauthenticated();
      if (check) await check(c, actor);
      // On a signed-in route, a path that names nothing (a malformed id) is simply not found. Anyone
      // may call a public route: there a malformed id is what it is (400 with its field).
      if (access !== 'public' && params && !params.safeParse(c.req.param()).success)
        throw new NotFound('Not found.');
    });
    return next();
  };
}

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
    /** Who may call it, checked before its input (see `Who`). */
    who?: Who;
  },
>(operationId: string, access: Access, config: R) {
  const { who } = config;
  const route = { ...config };
  // The caller check is this module's, not the document's.
  Reflect.deleteProperty(route, 'who');
  return createRoute({
    ...route,
    // Anyone may call a public operation, but an API token that is not valid is refused on every route
    // (api-tokens/bearer.ts): its 401 is part of each public operation's contract.
    ...(access === 'public' &&
      !(401 in config.responses) && { responses: { ...config.responses, ...errors(401) } }),
    operationId,
    security: SECURITY[access],
    middleware: [
      ACCESS[access],
      whoMiddleware(access, config.path, config.request?.params as ZodType | undefined, who),
    ] as MiddlewareHandler<AppEnv>[],
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
