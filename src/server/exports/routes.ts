import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
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
import { apiRoute, errors, jsonOk, router } from '../http/openapi';
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
} from './service';

const tags = ['exports'];
const idParam = z.object({ id: z.string().uuid('Program ids must be UUIDs.') });
const slugParam = z.object({ slug: z.string().min(1).max(100) });

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
  return new Response(Readable.toWeb(d.body) as ReadableStream, { status: 200, headers });
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
    async (c) => c.json(await getNotice(c.get('deps'), c.get('actor')), 200),
  )
  .openapi(
    apiRoute('acceptPersonalDataNotice', 'session', {
      method: 'post',
      path: '/me/personal-data-notice',
      tags,
      summary: 'Accept the personal-data notice (idempotent)',
      responses: { ...jsonOk(noticeSchema), ...errors(401, 403) },
    }),
    async (c) => c.json(await acceptNotice(c.get('deps'), c.get('actor')), 200),
  )
  .openapi(
    apiRoute('exportProgramApplications', 'token', {
      method: 'get',
      path: '/programs/{id}/exports/applications',
      tags,
      summary: 'The applications of a program as CSV or XLSX, in an inbox view',
      request: { params: idParam, query: applicationsExportQuery },
      responses: { ...file('The applications'), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) =>
      sendDownload(
        await exportApplications(
          c.get('deps'),
          c.get('actor'),
          c.req.valid('param').id,
          c.req.valid('query'),
        ),
      ) as never,
  )
  .openapi(
    apiRoute('exportProgramReviews', 'token', {
      method: 'get',
      path: '/programs/{id}/exports/reviews',
      tags,
      summary: "A program's reviews as CSV or XLSX",
      request: { params: idParam, query: programReviewsExportQuery },
      responses: { ...file('The reviews'), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) =>
      sendDownload(
        await exportProgramReviews(
          c.get('deps'),
          c.get('actor'),
          c.req.valid('param').id,
          c.req.valid('query'),
        ),
      ) as never,
  )
  .openapi(
    apiRoute('exportProgramResults', 'token', {
      method: 'get',
      path: '/programs/{id}/exports/results',
      tags,
      summary: "A program's published results as CSV or XLSX",
      request: { params: idParam, query: resultsExportQuery },
      responses: { ...file('The published results'), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) =>
      sendDownload(
        await exportResults(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('query')),
      ) as never,
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
    async (c) =>
      sendDownload(
        await applicationPdfDownload(c.get('deps'), c.get('actor'), c.req.valid('param').id),
        'inline',
      ) as never,
  )
  .openapi(
    apiRoute('getProgramDossier', 'token', {
      method: 'get',
      path: '/programs/{id}/dossier',
      tags,
      summary:
        "The program dossier: a zip of every submitted application's PDF and files, a folder per applicant",
      request: { params: idParam },
      responses: {
        200: {
          description: 'The zip',
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) =>
      sendDownload(await dossierDownload(c.get('deps'), c.get('actor'), c.req.valid('param').id)) as never,
  )
  .openapi(
    apiRoute('exportOrgInbox', 'token', {
      method: 'get',
      path: '/orgs/{slug}/exports/inbox',
      tags,
      summary: "The organization's Applications Inbox as CSV or XLSX, in one of its views",
      request: { params: slugParam, query: inboxExportQuery },
      responses: { ...file('The inbox'), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) =>
      sendDownload(
        await exportInbox(c.get('deps'), c.get('actor'), c.req.valid('param').slug, c.req.valid('query')),
      ) as never,
  )
  .openapi(
    apiRoute('exportAllReviews', 'session', {
      method: 'get',
      path: '/reviews/export',
      tags,
      summary: 'All Reviews as CSV or XLSX (the programs the caller administers or manages)',
      request: { query: allReviewsExportQuery },
      responses: { ...file('The reviews'), ...errors(400, 401, 403, 409, 429) },
    }),
    async (c) =>
      sendDownload(await exportAllReviews(c.get('deps'), c.get('actor'), c.req.valid('query'))) as never,
  )
  .openapi(
    apiRoute('exportOrgAuditLog', 'token', {
      method: 'get',
      path: '/orgs/{slug}/audit/export',
      tags,
      summary: "The organization's audit log as CSV or XLSX, filtered like its page",
      request: { params: slugParam, query: auditExportQuery },
      responses: { ...file('The audit log'), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { scope, orgName } = await orgAuditAccess(deps.db, c.get('actor'), c.req.valid('param').slug);
      return sendDownload(
        await exportAudit(deps, c.get('actor'), scope, c.req.valid('query'), orgName),
      ) as never;
    },
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
    async (c) => {
      const scope = platformAuditScope(c.get('actor'));
      return sendDownload(
        await exportAudit(c.get('deps'), c.get('actor'), scope, c.req.valid('query'), null),
      ) as never;
    },
  );
