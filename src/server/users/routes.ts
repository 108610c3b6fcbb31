import type { MiddlewareHandler } from 'hono';
import {
  adminOrgSchema,
  capabilitiesSchema,
  coalitionRecordSchema,
  itemsOf,
  meSchema,
  onboardingInput,
  reviewerOrgSchema,
  reviewerProgramSchema,
} from '../../shared/schemas/me';
import { sessionCheck } from '../auth/session';
import type { AppEnv } from '../context';
import { ok } from '../http/handlers';
import { anyone, apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { capabilities, capabilitiesForSession, capabilityList, getMe, onboard } from './service';

/**
 * GET /api/me/capabilities ahead of the session middleware (decision 031): one statement checks the
 * session and reads the lists. Anything it does not answer (no session, one due for renewal, a user
 * not onboarded or deleted) goes on to the route below, which answers as before.
 */
export const capabilitiesShortcut: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = sessionCheck(c);
  const found = session && (await capabilitiesForSession(c.get('deps').db, session));
  return found ? c.json(found, 200) : next();
};

export const meRoutes = router()
  .openapi(
    apiRoute('getMe', 'session', {
      // Signed in, onboarded or not: this is where onboarding happens.
      who: anyone,
      method: 'get',
      path: '/me',
      summary: 'The signed-in user, their profile role and effective roles',
      tags: ['me'],
      responses: { ...jsonOk(meSchema), ...errors(401) },
    }),
    (c) => ok(c, ({ db, actor }) => getMe(db, actor)),
  )
  .openapi(
    apiRoute('completeOnboarding', 'session', {
      // Signed in, onboarded or not: this is where onboarding happens.
      who: anyone,
      method: 'post',
      path: '/me/onboarding',
      summary: 'Finish creating the account (name and consent)',
      tags: ['me'],
      request: jsonBody(onboardingInput),
      responses: { ...jsonOk(meSchema), ...errors(400, 401) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      await onboard(db, clock, c.get('actor'), c.req.valid('json'));
      const actor = c.get('actor');
      return c.json(await getMe(db, actor ? { ...actor, onboarded: true } : null), 200);
    },
  )
  .openapi(
    apiRoute('getMyCapabilities', 'session', {
      method: 'get',
      path: '/me/capabilities',
      summary: 'Everything the caller may open: organizations, coalitions and programs by role',
      tags: ['me'],
      responses: { ...jsonOk(capabilitiesSchema), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => capabilities(db, actor)),
  )
  .openapi(
    apiRoute('listMyAdminOrgs', 'session', {
      method: 'get',
      path: '/me/admin-orgs',
      summary: 'Organizations the caller administers',
      tags: ['me'],
      responses: { ...jsonOk(itemsOf(adminOrgSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => capabilityList(db, actor, 'admin_orgs')),
  )
  .openapi(
    apiRoute('listMyCoalitions', 'session', {
      method: 'get',
      path: '/me/coalitions',
      summary: 'Coalitions the caller manages',
      tags: ['me'],
      responses: { ...jsonOk(itemsOf(coalitionRecordSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => capabilityList(db, actor, 'coalitions')),
  )
  .openapi(
    apiRoute('listMyReviewerOrgs', 'session', {
      method: 'get',
      path: '/me/reviewer-orgs',
      summary: 'Organizations the caller reviews for',
      tags: ['me'],
      responses: { ...jsonOk(itemsOf(reviewerOrgSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => capabilityList(db, actor, 'reviewer_orgs')),
  )
  .openapi(
    apiRoute('listMyReviewerPrograms', 'session', {
      method: 'get',
      path: '/me/reviewer-programs',
      summary: 'Programs the caller reviews',
      tags: ['me'],
      responses: { ...jsonOk(itemsOf(reviewerProgramSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => capabilityList(db, actor, 'reviewer_programs')),
  );
