import { coalitionDashboardSchema, dashboardSchema } from '../../shared/schemas/dashboard';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonOk, router } from '../http/openapi';
import { programIdParam, slugParam } from '../http/params';
import { programAdmins } from '../programs/who';
import { coalitionManagers, coalitionProgramDashboard, programDashboard } from './service';

export const dashboardRoutes = router()
  .openapi(
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
  )
  .openapi(
    apiRoute('getCoalitionProgramDashboard', 'session', {
      who: coalitionManagers,
      method: 'get',
      path: '/coalitions/{slug}/programs/{id}/dashboard',
      tags: ['dashboard'],
      summary: "A coalition program's dashboard, read-only (the coalition's managers)",
      request: { params: slugParam.extend(programIdParam.shape) },
      responses: { ...jsonOk(coalitionDashboardSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param }) =>
        coalitionProgramDashboard(db, clock, actor, param.slug, param.id),
      ),
  );
