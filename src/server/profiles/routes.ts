import { createRoute } from '@hono/zod-openapi';
import { removeProfileFileQuery } from '../../shared/schemas/files';
import { profileSchema, profileUpdateInput } from '../../shared/schemas/profiles';
import { removePortfolioFile, removeResume } from '../files/service';
import { errors, jsonBody, jsonOk, router } from '../http/openapi';
import { getMyProfile, updateMyProfile } from './service';

const tags = ['profile'];

/** The applicant's reusable profile (issue 4). */
export const profileRoutes = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/me/profile',
      tags,
      responses: { ...jsonOk(profileSchema), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getMyProfile(c.get('deps').db, c.get('actor')), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/me/profile',
      tags,
      request: jsonBody(profileUpdateInput),
      responses: { ...jsonOk(profileSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await updateMyProfile(db, clock, c.get('actor'), c.req.valid('json')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/me/profile/resume',
      tags,
      responses: { ...jsonOk(profileSchema), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await removeResume(c.get('deps'), c.get('actor')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/me/profile/files',
      tags,
      request: { query: removeProfileFileQuery },
      responses: { ...jsonOk(profileSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(await removePortfolioFile(c.get('deps'), c.get('actor'), c.req.valid('query').path), 200),
  );
