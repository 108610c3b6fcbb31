import { createRoute, z } from '@hono/zod-openapi';
import { publicOrgSchema } from '../../shared/schemas/public';
import { errors, jsonOk, router } from '../http/openapi';
import { recordAdminVisit } from './service';

export const orgAdminRoutes = router().openapi(
  createRoute({
    method: 'post',
    path: '/orgs/{slug}/admin/visit',
    tags: ['orgs'],
    summary: 'The org admin opened the admin hub: assigns them as reviewer of the organization (idempotent).',
    request: { params: z.object({ slug: z.string().min(1).max(100) }) },
    responses: {
      ...jsonOk(z.object({ org: publicOrgSchema, reviewer_assigned: z.boolean() })),
      ...errors(401, 403, 404),
    },
  }),
  async (c) =>
    c.json(await recordAdminVisit(c.get('deps').db, c.get('actor'), c.req.valid('param').slug), 200),
);
