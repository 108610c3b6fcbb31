import { z } from '@hono/zod-openapi';
import type { Context, Input } from 'hono';
import {
  allReviewsExportQuery,
  applicationsExportQuery,
  auditExportQuery,
  inboxExportQuery,
  noticeSchema,
  programReviewsExportQuery,
  resultsExportQuery,
} from '../../shared/schemas/exports';
import { orgAuditAccess, platformAuditScope } from '../audit/service';
import type { AppEnv } from '../context';
import { type Call, callOf, ok } from '../http/handlers';
import { apiRoute, errors, jsonOk, router } from '../http/openapi';
import { programIdParam, slugParam } from '../http/params';
import { webBody } from '../http/web-body';
import { orgAdmins, programExporters } from '../programs/who';
import { contentDisposition } from '../storage/disposition';
import { applicationPdfDownload, dossierDownload } from './documents';
import {
  acceptNotice,
  type Download,
  exportAllReviews,
  exportApplications,
  exportAudit,
  exportInbox,
  exportProgramReviews,
  exportResults,
  getNotice,
  reviewExporters,
} from './service';

const tags = ['exports'];

/** A file response: streamed, never cached, saved under its name. */
export function sendDownload(
  d: Download & { applications?: number; estimatedSize?: number },
  disposition: 'attachment' | 'inline' = 'attachment',
): Response {
  const headers: Record<string, string> = {
    'Content-Type': d.contentType,
    'Content-Disposition': contentDisposition(d.fileName, disposition),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (d.rows !== undefined) headers['X-Export-Rows'] = String(d.rows);
  if (d.size !== undefined) headers['Content-Length'] = String(d.size);
  // A dossier's length is known only at its end: the browser shows progress against this estimate.
  if (d.applications !== undefined) headers['X-Applications'] = String(d.applications);
  if (d.estimatedSize !== undefined) headers['X-Estimated-Size'] = String(d.estimatedSize);
  if (disposition === 'inline')
    headers['Content-Security-Policy'] = "default-src 'none'; frame-ancestors 'self'";
  return new Response(webBody(d.body), { status: 200, headers });
}

const file = (description: string) => ({
  200: {
    description,
    content: {
      'text/csv': { schema: z.string() },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: z.string().openapi({ format: 'binary' }),
      },
    },
  },
});

/** Answers with the file the service made. */
async function download<I extends Input>(
  c: Context<AppEnv, string, I>,
  run: (call: Call<I>) => Promise<Parameters<typeof sendDownload>[0]>,
  disposition?: 'attachment' | 'inline',
) {
  return sendDownload(await run(callOf(c)), disposition) as never;
}

/** The program exports share their access, parameter, formats and refusals. */
const programExport = <P extends string, Q extends z.ZodObject>(
  operationId: string,
  path: P,
  summary: string,
  query: Q,
  description: string,
) =>
  apiRoute(operationId, 'token', {
    who: programExporters,
    method: 'get',
    path,
    tags,
    summary,
    request: { params: programIdParam, query },
    responses: { ...file(description), ...errors(400, 401, 403, 404, 409, 429) },
  });

/** Exports (decision 037) and the personal-data notice that comes before the first one. */
export const exportRoutes = router()
  .openapi(
    apiRoute('getPersonalDataNotice', 'session', {
      method: 'get',
      path: '/me/personal-data-notice',
      tags,
      summary: 'Whether the caller accepted the personal-data notice (needed before any download)',
      responses: { ...jsonOk(noticeSchema), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ deps, actor }) => getNotice(deps, actor)),
  )
  .openapi(
    apiRoute('acceptPersonalDataNotice', 'session', {
      method: 'post',
      path: '/me/personal-data-notice',
      tags,
      summary: 'Accept the personal-data notice (idempotent)',
      responses: { ...jsonOk(noticeSchema), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ deps, actor }) => acceptNotice(deps, actor)),
  )
  .openapi(
    programExport(
      'exportProgramApplications',
      '/programs/{id}/exports/applications',
      'The applications of a program as CSV or XLSX, in an inbox view',
      applicationsExportQuery,
      'The applications',
    ),
    (c) => download(c, ({ deps, actor, param, query }) => exportApplications(deps, actor, param.id, query)),
  )
  .openapi(
    programExport(
      'exportProgramReviews',
      '/programs/{id}/exports/reviews',
      "A program's reviews as CSV or XLSX",
      programReviewsExportQuery,
      'The reviews',
    ),
    (c) => download(c, ({ deps, actor, param, query }) => exportProgramReviews(deps, actor, param.id, query)),
  )
  .openapi(
    programExport(
      'exportProgramResults',
      '/programs/{id}/exports/results',
      "A program's published results as CSV or XLSX",
      resultsExportQuery,
      'The published results',
    ),
    (c) => download(c, ({ deps, actor, param, query }) => exportResults(deps, actor, param.id, query)),
  )
  .openapi(
    apiRoute('getApplicationPdf', 'session', {
      method: 'get',
      path: '/applications/{id}/pdf',
      tags,
      summary: 'One submitted application as a PDF (its reviewers, admins and coalition managers)',
      request: { params: z.object({ id: z.string().uuid('Application ids must be UUIDs.') }) },
      responses: {
        200: {
          description: 'The PDF',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    (c) => download(c, ({ deps, actor, param }) => applicationPdfDownload(deps, actor, param.id), 'inline'),
  )
  .openapi(
    apiRoute('getProgramDossier', 'token', {
      who: programExporters,
      method: 'get',
      path: '/programs/{id}/dossier',
      tags,
      summary:
        "The program dossier: a zip of every submitted application's PDF and files, a folder per applicant",
      request: { params: programIdParam },
      responses: {
        200: {
          description: 'The zip',
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    (c) => download(c, ({ deps, actor, param }) => dossierDownload(deps, actor, param.id)),
  )
  .openapi(
    apiRoute('exportOrgInbox', 'token', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/exports/inbox',
      tags,
      summary: "The organization's Applications Inbox as CSV or XLSX, in one of its views",
      request: { params: slugParam, query: inboxExportQuery },
      responses: { ...file('The inbox'), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    (c) => download(c, ({ deps, actor, param, query }) => exportInbox(deps, actor, param.slug, query)),
  )
  .openapi(
    apiRoute('exportAllReviews', 'session', {
      who: reviewExporters,
      method: 'get',
      path: '/reviews/export',
      tags,
      summary: 'All Reviews as CSV or XLSX (the programs the caller administers or manages)',
      request: { query: allReviewsExportQuery },
      responses: { ...file('The reviews'), ...errors(400, 401, 403, 409, 429) },
    }),
    (c) => download(c, ({ deps, actor, query }) => exportAllReviews(deps, actor, query)),
  )
  .openapi(
    apiRoute('exportOrgAuditLog', 'token', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/audit/export',
      tags,
      summary: "The organization's audit log as CSV or XLSX, filtered like its page",
      request: { params: slugParam, query: auditExportQuery },
      responses: { ...file('The audit log'), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    (c) =>
      download(c, async ({ deps, actor, param, query }) => {
        const { scope, orgName } = await orgAuditAccess(deps.db, actor, param.slug);
        return exportAudit(deps, actor, scope, query, orgName);
      }),
  )
  .openapi(
    apiRoute('exportAuditLog', 'session', {
      method: 'get',
      path: '/super/audit/export',
      tags,
      summary: "The platform's audit log as CSV or XLSX, filtered like its page",
      request: { query: auditExportQuery },
      responses: { ...file('The audit log'), ...errors(400, 401, 403, 409, 429) },
    }),
    (c) =>
      download(c, ({ deps, actor, query }) =>
        exportAudit(deps, actor, platformAuditScope(actor), query, null),
      ),
  );
