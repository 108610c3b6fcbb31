import { dashboardSchema } from '../../shared/schemas/dashboard';
import { apiRoute, errors, jsonOk, router } from '../http/openapi';
import { programIdParam } from '../http/params';
import { programAdmins } from '../programs/who';
import { programDashboard } from './service';

export const dashboardRoutes = router().openapi(
  apiRoute('getProgramDashboard', 'token', {
    who: programAdmins,
    method: 'get',
    path: '/programs/{id}/dashboard',
    tags: ['dashboard'],
    summary: "A program's funnel, submissions per day, reviewer progress and drafts (its admins)",
    request: { params: programIdParam },
    responses: { ...jsonOk(dashboardSchema), ...errors(400, 401, 403, 404) },
  }),
  async (c) => {
    const { db, clock } = c.get('deps');
    return c.json(await programDashboard(db, clock, c.get('actor'), c.req.valid('param').id), 200);
  },
);
