import { removeProfileFileQuery } from '../../shared/schemas/files';
import { profileSchema, profileUpdateInput } from '../../shared/schemas/profiles';
import { removePortfolioFile, removeResume } from '../files/service';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { getMyProfile, updateMyProfile } from './service';

const tags = ['profile'];

/** The applicant's reusable profile (issue 4). */
export const profileRoutes = router()
  .openapi(
    apiRoute('getMyProfile', 'session', {
      method: 'get',
      path: '/me/profile',
      summary: "The caller's reusable applicant profile",
      tags,
      responses: { ...jsonOk(profileSchema), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getMyProfile(c.get('deps').db, c.get('actor')), 200),
  )
  .openapi(
    apiRoute('updateMyProfile', 'session', {
      method: 'put',
      path: '/me/profile',
      summary: "Save the caller's applicant profile",
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
    apiRoute('deleteMyResume', 'session', {
      method: 'delete',
      path: '/me/profile/resume',
      summary: "Remove the resume from the caller's profile",
      tags,
      responses: { ...jsonOk(profileSchema), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await removeResume(c.get('deps'), c.get('actor')), 200),
  )
  .openapi(
    apiRoute('deleteMyProfileFile', 'session', {
      method: 'delete',
      path: '/me/profile/files',
      summary: "Remove a file from the caller's profile",
      tags,
      request: { query: removeProfileFileQuery },
      responses: { ...jsonOk(profileSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(await removePortfolioFile(c.get('deps'), c.get('actor'), c.req.valid('query').path), 200),
  );
