import { z } from '@hono/zod-openapi';
import {
  downloadQuery,
  exportLinkQuery,
  fileInfoSchema,
  signedUrlSchema,
  signFileInput,
  uploadQuery,
} from '../../shared/schemas/files';
import { requireActor } from '../context';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { openExportLink } from './export-links';
import { contentDisposition, openDownload, signFile, uploadFile } from './service';

const tags = ['files'];

/** Uploads (raw bytes, streamed to storage) and signed download links (600 s). */
export const fileRoutes = router()
  .openapi(
    apiRoute('uploadFile', 'session', {
      method: 'post',
      path: '/files',
      tags,
      summary: 'Upload a file: the body is its raw bytes; X-File-Name is its encodeURIComponent name',
      request: {
        query: uploadQuery,
        body: {
          required: true,
          content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
        },
      },
      responses: { ...jsonOk(fileInfoSchema), ...errors(400, 401, 403, 404, 409, 413, 422) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const info = await uploadFile(c.get('deps'), c.get('actor'), {
        purpose: q.purpose,
        applicationId: q.application_id,
        fieldKey: q.field_key,
        orgSlug: q.org_slug,
        contentType: c.req.header('content-type'),
        contentLength: c.req.header('content-length'),
        fileName: c.req.header('x-file-name'),
        body: c.req.raw.body,
      });
      return c.json(info, 200);
    },
  )
  .openapi(
    apiRoute('signFileLinks', 'session', {
      method: 'post',
      path: '/files/sign',
      summary: 'Signed, short-lived download links for files the caller may read',
      tags,
      request: jsonBody(signFileInput),
      responses: { ...jsonOk(signedUrlSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ deps, actor, body }) => signFile(deps, actor, body.path)),
  )
  .openapi(
    apiRoute('downloadFile', 'public', {
      method: 'get',
      path: '/files/download',
      tags,
      summary: 'The file behind a signed link (the signature is the access check)',
      request: { query: downloadQuery },
      responses: {
        200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
        302: { description: 'S3: a presigned URL valid for the rest of the link\u2019s life' },
        ...errors(400, 403, 404),
      },
    }),
    async (c) => {
      const found = await openDownload(c.get('deps'), c.req.valid('query'));
      if (found.redirect !== undefined) {
        c.header('Cache-Control', 'private, no-store');
        return c.redirect(found.redirect, 302);
      }
      return new Response(found.body, {
        status: 200,
        headers: {
          'Content-Type': found.contentType,
          'Content-Length': String(found.size),
          'Content-Disposition': contentDisposition(found.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=600',
          // Our own pages may frame it (the PDF preview); nothing in it may run or load anything.
          'X-Frame-Options': 'SAMEORIGIN',
          'Content-Security-Policy':
            "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
        },
      }) as never;
    },
  )
  .openapi(
    apiRoute('followExportLink', 'public', {
      method: 'get',
      path: '/files/export-link',
      tags,
      summary:
        'A file link from an export: opens for the exporting user only (signed in, still allowed), 30 days',
      request: { query: exportLinkQuery },
      responses: {
        302: { description: 'A fresh 600 s download link; signed out: the sign-in page, then back here' },
        ...errors(400, 403, 404),
      },
    }),
    async (c) => {
      const actor = c.get('actor');
      c.header('Cache-Control', 'private, no-store');
      if (!actor) {
        const here = new URL(c.req.url);
        return c.redirect(`/?next=${encodeURIComponent(here.pathname + here.search)}`, 302);
      }
      const signed = await openExportLink(c.get('deps'), requireActor(actor), c.req.valid('query'));
      return c.redirect(signed.url, 302);
    },
  );
