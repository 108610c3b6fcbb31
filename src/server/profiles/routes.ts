import { removeProfileFileQuery } from '../../shared/schemas/files';
import { profileSchema, profileUpdateInput } from '../../shared/schemas/profiles';
import { removePortfolioFile, removeResume } from '../files/service';
import { ok } from '../http/handlers';
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
    (c) => ok(c, ({ db, actor }) => getMyProfile(db, actor)),
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
    (c) => ok(c, ({ db, clock, actor, body }) => updateMyProfile(db, clock, actor, body)),
  )
  .openapi(
    apiRoute('deleteMyResume', 'session', {
      method: 'delete',
      path: '/me/profile/resume',
      summary: "Remove the resume from the caller's profile",
      tags,
      responses: { ...jsonOk(profileSchema), ...errors(401, 403, 404) },
    }),
    (c) => ok(c, ({ deps, actor }) => removeResume(deps, actor)),
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
    (c) => ok(c, ({ deps, actor, query }) => removePortfolioFile(deps, actor, query.path)),
  );
