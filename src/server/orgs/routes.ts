import { z } from '@hono/zod-openapi';
import { adminHomeSchema, orgSettingsInput, orgSettingsSchema } from '../../shared/schemas/orgs';
import { publicOrgSchema } from '../../shared/schemas/public';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { slugParam } from '../http/params';
import { webBody } from '../http/web-body';
import { orgAdmins } from '../programs/who';
import { adminHome } from './admin-home';
import { recordAdminVisit } from './service';
import { getOrgSettings, orgLogoObject, removeOrgLogo, updateOrgSettings } from './settings';

const settingsResult = z.object({ message: z.string(), settings: orgSettingsSchema });

export const orgAdminRoutes = router()
  .openapi(
    apiRoute('visitOrgAdminHub', 'session', {
      method: 'post',
      path: '/orgs/{slug}/admin/visit',
      tags: ['orgs'],
      summary:
        'The org admin opened the admin hub: assigns them as reviewer of the organization (idempotent).',
      request: { params: slugParam },
      responses: {
        ...jsonOk(z.object({ org: publicOrgSchema, reviewer_assigned: z.boolean() })),
        ...errors(401, 403, 404),
      },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => recordAdminVisit(db, clock, actor, param.slug)),
  )
  .openapi(
    apiRoute('getOrgAdminHome', 'session', {
      method: 'get',
      path: '/orgs/{slug}/admin/home',
      tags: ['orgs'],
      summary:
        'The org admin home: new submissions since the last visit, programs closing this week, reviewers behind, results ready to publish, changes requested.',
      request: { params: slugParam },
      responses: { ...jsonOk(adminHomeSchema), ...errors(401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => adminHome(db, clock, actor, param.slug)),
  )
  .openapi(
    apiRoute('getOrgSettings', 'token', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/settings',
      tags: ['orgs'],
      summary: 'Organization settings: name, description, website, contact email and logo (org admins).',
      request: { params: slugParam },
      responses: { ...jsonOk(orgSettingsSchema), ...errors(401, 403, 404) },
    }),
    (c) => ok(c, ({ db, config, actor, param }) => getOrgSettings(db, config, actor, param.slug)),
  )
  .openapi(
    apiRoute('updateOrgSettings', 'token', {
      who: orgAdmins,
      method: 'put',
      path: '/orgs/{slug}/settings',
      tags: ['orgs'],
      summary: 'Save the settings; the public page and the sender of its emails change at once.',
      request: { params: slugParam, ...jsonBody(orgSettingsInput) },
      responses: { ...jsonOk(settingsResult), ...errors(400, 401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, config, actor, param, body }) => updateOrgSettings(db, config, actor, param.slug, body)),
  )
  .openapi(
    apiRoute('deleteOrgLogo', 'token', {
      who: orgAdmins,
      method: 'delete',
      path: '/orgs/{slug}/logo',
      tags: ['orgs'],
      summary: 'Remove the organization’s logo (upload one with POST /files?purpose=logo&org_slug=…).',
      request: { params: slugParam },
      responses: { ...jsonOk(settingsResult), ...errors(401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, config, storage, actor, param }) => removeOrgLogo(db, config, storage, actor, param.slug)),
  )
  .openapi(
    apiRoute('getOrgLogo', 'public', {
      method: 'get',
      path: '/orgs/{slug}/logo',
      tags: ['public'],
      summary: 'The organization’s logo image (public: its page and its emails show it).',
      request: { params: slugParam },
      responses: {
        200: {
          description: 'The image',
          content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errors(404),
      },
    }),
    async (c) => {
      const { db, storage } = c.get('deps');
      const logo = await orgLogoObject(db, c.req.valid('param').slug);
      if (!logo) return c.json({ error: { code: 'not_found', message: 'No logo.' } }, 404);
      const object = await storage.get(logo.filePath);
      if (!object) return c.json({ error: { code: 'not_found', message: 'No logo.' } }, 404);
      return new Response(webBody(object.body), {
        status: 200,
        headers: {
          'Content-Type': logo.contentType,
          'Content-Length': String(object.size),
          'Cache-Control': 'public, max-age=300',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        },
      });
    },
  );
