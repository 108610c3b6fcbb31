import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { bearerTokens } from './api-tokens/bearer';
import { apiTokenRoutes } from './api-tokens/routes';
import { applicationRoutes, autosaveShortcut } from './applications/routes';
import { stageRoutes } from './applications/stage-routes';
import { auditRoutes } from './audit/routes';
import { sessionMiddleware } from './auth/session';
import { signOut } from './auth/sign-out';
import { DEFAULT_API_TOKEN_RATE } from './config';
import type { AppEnv, Deps } from './context';
import { dashboardRoutes } from './dashboard/routes';
import { demoRoutes } from './demo/routes';
import { discoveryRoutes } from './discovery/routes';
import { exportRoutes } from './exports/routes';
import { featuredRoutes } from './featured/routes';
import { fileRoutes } from './files/routes';
import { errorBody, errorResponse, isInputError } from './http/errors';
import { inputGuard } from './http/input-guard';
import { type FinishedRequest, requestContext } from './http/logger';
import { openApiDocument, securitySchemes, whoFirst } from './http/openapi';
import { type RateBudget, rateLimit, type TakeToken, tokenBuckets } from './http/rate-limit';
import { noStoreWhenSignedIn, originCheck, securityHeaders } from './http/security';
import type { Shutdown } from './http/shutdown';
import { serveWeb } from './http/static';
import { lateLinkRoutes } from './late-links/routes';
import { letterRoutes } from './letters/routes';
import { mailRoutes } from './mail/routes';
import { messageRoutes } from './messages/routes';
import { metricsHandler } from './metrics/endpoint';
import { orgAdminRoutes } from './orgs/routes';
import { superOrgRoutes } from './orgs/super-routes';
import { privacyRoutes } from './privacy/routes';
import { profileRoutes } from './profiles/routes';
import { programAssignmentRoutes } from './program-assignments/routes';
import { programRoutes } from './programs/routes';
import { eventsRoutes } from './realtime/routes';
import { resultRoutes } from './results/routes';
import { queueShortcut, reviewRoutes } from './reviews/routes';
import { scoringRoutes } from './scoring/routes';
import { systemRoutes } from './system/routes';
import { capabilitiesShortcut, meRoutes } from './users/routes';
import { superUserRoutes } from './users/super-routes';
import { webhookRoutes } from './webhooks/routes';

/**
 * better-auth endpoints we serve: sign-in (Google, OAuth test issuer, demo), its callbacks; and sign-out,
 * which ends the session itself first (auth/sign-out.ts).
 * Not get-session: it answers the session token in its body, where a script could read what the
 * HttpOnly cookie keeps from it, and the app reads who is signed in from /api/me.
 */
const AUTH_ENDPOINTS = [
  '/api/auth/sign-in/*',
  '/api/auth/callback/*',
  '/api/auth/oauth2/*',
  '/api/auth/demo/*',
  '/api/auth/error',
];

export interface AppOptions {
  /** Built SPA to serve for non-API paths; absent in API tests. */
  webDir?: string | null;
  /** The shutdown under way: health answers 503, then answers close their connection (index.ts). */
  shutdown?: Shutdown;
  /** The budget store of a named rate limit; default: this process's own (one worker). */
  rateBudget?: (name: string, budget: RateBudget) => TakeToken;
  /** Told of every finished request (route pattern, status, duration): the metrics. */
  observers?: ((r: FinishedRequest) => void)[];
  /** The metrics text for `/metrics` (served here with METRICS_TOKEN and no METRICS_PORT). */
  metricsText?: () => Promise<string>;
}

/** Every API router, in one list: the OpenAPI document and the authorization matrix read it. */
export const apiRouters = [
  systemRoutes,
  demoRoutes,
  meRoutes,
  discoveryRoutes,
  orgAdminRoutes,
  programRoutes,
  applicationRoutes,
  profileRoutes,
  fileRoutes,
  reviewRoutes,
  scoringRoutes,
  resultRoutes,
  programAssignmentRoutes,
  superOrgRoutes,
  superUserRoutes,
  featuredRoutes,
  auditRoutes,
  exportRoutes,
  mailRoutes,
  dashboardRoutes,
  apiTokenRoutes,
  webhookRoutes,
  privacyRoutes,
  messageRoutes,
  lateLinkRoutes,
  letterRoutes,
  stageRoutes,
];

export function createApp(deps: Deps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  const { config, clock } = deps;

  // Each request's log lines share its id; one line per request when LOG_REQUESTS is on.
  app.use(
    '*',
    requestContext({
      trustProxy: !!config.trustProxy,
      logRequests: config.logRequests,
      observers: options.observers,
    }),
  );
  if (options.shutdown) app.use('*', options.shutdown.middleware());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders(config.production));
  app.use('/api/*', originCheck(config.publicUrl));
  app.use('/api/*', inputGuard());
  app.use('/api/*', noStoreWhenSignedIn());
  // Every way in shares one budget per client: Google (sign-in and its callback), demo sign-in on
  // its public path and on better-auth's own path.
  const budgets = options.rateBudget ?? ((_name, budget) => tokenBuckets(budget));
  const signInLimit = rateLimit({
    take: budgets('sign-in', { capacity: 30, perMinute: 30 }),
    clock,
    trustProxy: config.trustProxy,
  });
  app.use('/api/auth/sign-in/*', signInLimit);
  app.use('/api/auth/callback/*', signInLimit);
  app.use('/api/auth/oauth2/*', signInLimit);
  app.use('/api/auth/demo/*', signInLimit);
  app.use('/api/demo/sign-in', signInLimit);
  // Reference letter links (decision 065): a token is a key, so guessing is slowed per client.
  app.use(
    '/api/letters/*',
    rateLimit({
      take: budgets('letters', {
        capacity: config.letterLinkRatePerMinute ?? 60,
        perMinute: config.letterLinkRatePerMinute ?? 60,
      }),
      clock,
      trustProxy: config.trustProxy,
    }),
  );

  // Only the better-auth endpoints the product uses; the rest (update-user, delete-user, sessions
  // lists…) would bypass our own rules (profile validation, soft delete) and are not offered.
  app.post('/api/auth/sign-out', signOut);
  app.on(['GET', 'POST'], AUTH_ENDPOINTS, (c) => deps.auth.handler(c.req.raw));

  const api = new OpenAPIHono<AppEnv>();
  // The hottest write and reads check their session inside their one statement; whatever they do not
  // answer goes on through the session middleware to their route (decision 031).
  api.put('/applications/:id/answers', autosaveShortcut);
  api.get('/me/capabilities', capabilitiesShortcut);
  api.get('/review/programs/:id/queue', queueShortcut);
  api.use('*', sessionMiddleware());
  // A request with an API token acts as that token (decision 040): checked after the session, so a
  // bearer request never acts with a cookie's session as well.
  api.use(
    '*',
    bearerTokens({
      take: budgets('api-token', {
        capacity: config.apiTokenRatePerMinute ?? DEFAULT_API_TOKEN_RATE,
        perMinute: config.apiTokenRatePerMinute ?? DEFAULT_API_TOKEN_RATE,
      }),
      clock,
    }),
  );
  for (const routes of apiRouters) api.route('/', routes);
  // Server-Sent Events: plain Hono, so not in the OpenAPI document (its authorization has its own tests).
  api.route('/', eventsRoutes());
  for (const [name, scheme] of Object.entries(securitySchemes)) {
    api.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  }
  api.doc31('/openapi.json', openApiDocument(config.publicUrl));
  app.route('/api', api);
  // Unknown API paths are JSON 404s, never the SPA's index.html.
  app.all('/api/*', (c) => c.json(errorBody('not_found', 'Not found'), 404));

  const { metrics } = config;
  if (options.metricsText && metrics.token && !metrics.port) {
    app.get('/metrics', metricsHandler({ token: metrics.token, text: options.metricsText }));
  }
  app.get('/robots.txt', (c) =>
    c.text('User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /applications/\nDisallow: /review/\n'),
  );
  if (options.webDir) app.route('/', serveWeb(options.webDir, { demoMode: deps.config.demoMode }));
  app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));
  // A request refused for its input (not JSON, wrong media type) first learns whether it may call at all.
  app.onError(async (err, c) => {
    if (isInputError(err))
      try {
        await whoFirst(c);
      } catch (refused) {
        return errorResponse(c, refused);
      }
    return errorResponse(c, err);
  });
  return app;
}
