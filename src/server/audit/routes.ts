import { auditListQuery, auditPageSchema } from '../../shared/schemas/audit';
import { apiRoute, errors, jsonOk, router } from '../http/openapi';
import { slugParam } from '../http/params';
import { orgAdmins } from '../programs/who';
import { listAudit, orgAuditScope, platformAuditScope } from './service';

const tags = ['audit'];

export const auditRoutes = router()
  .openapi(
    apiRoute('listOrgAuditLog', 'token', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/audit',
      tags,
      summary: "The organization's audit log, newest first (org admins and super admins).",
      request: { params: slugParam, query: auditListQuery },
      responses: { ...jsonOk(auditPageSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const { db } = c.get('deps');
      const scope = await orgAuditScope(db, c.get('actor'), c.req.valid('param').slug);
      return c.json(await listAudit(db, scope, c.req.valid('query')), 200);
    },
  )
  .openapi(
    apiRoute('listAuditLog', 'session', {
      method: 'get',
      path: '/super/audit',
      tags,
      summary: "The platform's whole audit log, newest first (super admins).",
      request: { query: auditListQuery },
      responses: { ...jsonOk(auditPageSchema), ...errors(400, 401, 403) },
    }),
    async (c) => {
      const scope = platformAuditScope(c.get('actor'));
      return c.json(await listAudit(c.get('deps').db, scope, c.req.valid('query')), 200);
    },
  );
