import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { applicationIdParam } from '../../shared/schemas/applications';
import {
  letterDeclineInput,
  letterDoneSchema,
  letterDraftInput,
  letterPageSchema,
  letterRequestInput,
  letterRequestParams,
  letterRequestSchema,
  letterSavedSchema,
  letterSettingsSchema,
  letterTokenParam,
  letterUnsubscribeQuery,
  letterUnsubscribeSchema,
  myLetterRequestsSchema,
  staffLettersSchema,
} from '../../shared/schemas/letters';
import { APPLICATION_NOT_FOUND, applicationOwner, readableApplication } from '../applications/access';
import type { AppEnv } from '../context';
import { NotFound } from '../errors';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, rawId, router, type Who } from '../http/openapi';
import { programIdParam } from '../http/params';
import { programAdminsOnly } from '../programs/who';
import { contentDisposition } from '../storage/disposition';
import {
  cancelLetterRequest,
  createLetterRequest,
  declineLetter,
  getLetterSettings,
  letterPage,
  myLetterRequests,
  openLetterFile,
  removeLetterFile,
  resendLetterRequest,
  saveLetterDraft,
  setLetterSettings,
  staffLetters,
  submitLetterByToken,
  uploadLetterFile,
  uploadLetterOnBehalf,
} from './service';
import { letterUnsubscribe, letterUnsubscribeInfo } from './unsubscribe';

const tags = ['letters'];

/** Those who may read the application at all (its applicant, its program's staff): resend. */
const applicationReaders: Who = (c, actor) =>
  readableApplication(
    c.get('deps').db,
    actor,
    rawId(c, 'id', () => new NotFound(APPLICATION_NOT_FOUND)),
  );

const rawUpload = (c: Context<AppEnv>) => ({
  contentType: c.req.header('content-type'),
  contentLength: c.req.header('content-length'),
  fileName: c.req.header('x-file-name'),
  body: c.req.raw.body,
});

const binaryBody = {
  body: {
    required: true,
    content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
  },
};

/** Reference letters (issue 30, decision 065). */
export const letterRoutes = router()
  .openapi(
    apiRoute('getMyLetterRequests', 'session', {
      who: applicationOwner,
      method: 'get',
      path: '/applications/{id}/letter-requests',
      tags,
      summary: "The applicant's letter requests and their states (never a letter's content).",
      request: { params: applicationIdParam },
      responses: { ...jsonOk(myLetterRequestsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => myLetterRequests(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('createLetterRequest', 'session', {
      who: applicationOwner,
      method: 'post',
      path: '/applications/{id}/letter-requests',
      tags,
      summary: 'Ask a recommender for a letter: they are emailed a link that needs no account.',
      request: { params: applicationIdParam, ...jsonBody(letterRequestInput) },
      responses: {
        ...jsonOk(z.object({ request: letterRequestSchema })),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    (c) =>
      ok(c, ({ db, clock, config, actor, param, body }) =>
        createLetterRequest(db, clock, config.authSecret, actor, param.id, body),
      ),
  )
  .openapi(
    apiRoute('resendLetterRequest', 'session', {
      who: applicationReaders,
      method: 'post',
      path: '/applications/{id}/letter-requests/{requestId}/resend',
      tags,
      summary: 'Send a pending request again with a new link (its applicant once a day; admins, audited).',
      request: { params: letterRequestParams },
      responses: {
        ...jsonOk(z.object({ request: letterRequestSchema })),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    (c) =>
      ok(c, ({ db, clock, config, actor, param }) =>
        resendLetterRequest(db, clock, config.authSecret, actor, param.id, param.requestId),
      ),
  )
  .openapi(
    apiRoute('cancelLetterRequest', 'session', {
      who: applicationOwner,
      method: 'post',
      path: '/applications/{id}/letter-requests/{requestId}/cancel',
      tags,
      summary: 'Cancel a pending request (its link stops working).',
      request: { params: letterRequestParams },
      responses: {
        ...jsonOk(z.object({ request: letterRequestSchema })),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param }) =>
        cancelLetterRequest(db, clock, actor, param.id, param.requestId),
      ),
  )
  .openapi(
    apiRoute('getApplicationLetters', 'session', {
      who: applicationReaders,
      method: 'get',
      path: '/applications/{id}/letters',
      tags,
      summary: "An application's letters for its program's staff (its applicant: 403).",
      request: { params: applicationIdParam },
      responses: { ...jsonOk(staffLettersSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => staffLetters(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('getApplicationLetterFile', 'session', {
      who: applicationReaders,
      method: 'get',
      path: '/applications/{id}/letters/{requestId}/file',
      tags,
      summary: "A submitted letter's file, for the program's staff (its applicant: 403).",
      request: { params: letterRequestParams },
      responses: {
        200: { description: 'The file', content: { 'application/pdf': { schema: z.string() } } },
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const p = c.req.valid('param');
      const f = await openLetterFile(c.get('deps'), c.get('actor'), p.id, p.requestId);
      return new Response(f.body, {
        status: 200,
        headers: {
          'Content-Type': f.contentType,
          'Content-Length': String(f.size),
          'Content-Disposition': contentDisposition(f.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
          'X-Frame-Options': 'SAMEORIGIN',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
        },
      }) as never;
    },
  )
  .openapi(
    apiRoute('uploadLetterOnBehalf', 'session', {
      who: applicationReaders,
      method: 'post',
      path: '/applications/{id}/letter-requests/{requestId}/on-behalf',
      tags,
      summary:
        "Admins: upload a letter received by post on the recommender's behalf (a PDF; raw bytes; audited).",
      request: { params: letterRequestParams, ...binaryBody },
      responses: {
        ...jsonOk(z.object({ request: letterRequestSchema })),
        ...errors(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(
        await uploadLetterOnBehalf(c.get('deps'), c.get('actor'), p.id, p.requestId, rawUpload(c)),
        200,
      );
    },
  )
  .openapi(
    apiRoute('getLetterSettings', 'session', {
      who: programAdminsOnly,
      method: 'get',
      path: '/programs/{id}/letter-settings',
      tags,
      summary:
        "The program's letter setting: may reviewers of a blind program read letters (off by default).",
      request: { params: programIdParam },
      responses: { ...jsonOk(letterSettingsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getLetterSettings(db, actor, param.id)),
  )
  .openapi(
    apiRoute('setLetterSettings', 'session', {
      who: programAdminsOnly,
      method: 'put',
      path: '/programs/{id}/letter-settings',
      tags,
      summary: 'Set whether reviewers of a blind program may read letters (audited).',
      request: { params: programIdParam, ...jsonBody(letterSettingsSchema) },
      responses: { ...jsonOk(letterSettingsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param, body }) => setLetterSettings(db, actor, param.id, body)),
  )
  // The recommender: no account, the link's token is the key (rate limited in app.ts).
  .openapi(
    apiRoute('getLetterPage', 'public', {
      method: 'get',
      path: '/letters/{token}',
      tags,
      summary: "The recommender's letter page (opens the request); a finished request shows its page only.",
      request: { params: letterTokenParam },
      responses: { ...jsonOk(letterPageSchema), ...errors(400, 404, 429) },
    }),
    (c) => ok(c, ({ db, clock, param }) => letterPage(db, clock, param.token)),
  )
  .openapi(
    apiRoute('saveLetterDraft', 'public', {
      method: 'put',
      path: '/letters/{token}/draft',
      tags,
      summary: "Autosave the recommender's draft (typed letter and answers).",
      request: { params: letterTokenParam, ...jsonBody(letterDraftInput) },
      responses: { ...jsonOk(letterSavedSchema), ...errors(400, 404, 409, 429) },
    }),
    (c) => ok(c, ({ db, clock, param, body }) => saveLetterDraft(db, clock, param.token, body)),
  )
  .openapi(
    apiRoute('uploadLetterFile', 'public', {
      method: 'post',
      path: '/letters/{token}/file',
      tags,
      summary: "The recommender's letter as a PDF (raw bytes; X-File-Name its encodeURIComponent name).",
      request: { params: letterTokenParam, ...binaryBody },
      responses: { ...jsonOk(letterSavedSchema), ...errors(400, 404, 409, 413, 422, 429) },
    }),
    async (c) => c.json(await uploadLetterFile(c.get('deps'), c.req.valid('param').token, rawUpload(c)), 200),
  )
  .openapi(
    apiRoute('removeLetterFile', 'public', {
      method: 'delete',
      path: '/letters/{token}/file',
      tags,
      summary: "Remove the recommender's uploaded letter (before submitting).",
      request: { params: letterTokenParam },
      responses: { ...jsonOk(letterSavedSchema), ...errors(400, 404, 409, 429) },
    }),
    (c) => ok(c, ({ deps, param }) => removeLetterFile(deps, param.token)),
  )
  .openapi(
    apiRoute('submitLetter', 'public', {
      method: 'post',
      path: '/letters/{token}/submit',
      tags,
      summary: 'Submit the letter (once; a second submit answers the same).',
      request: { params: letterTokenParam, ...jsonBody(letterDraftInput) },
      responses: { ...jsonOk(letterDoneSchema), ...errors(400, 404, 409, 429) },
    }),
    (c) => ok(c, ({ db, clock, param, body }) => submitLetterByToken(db, clock, param.token, body)),
  )
  .openapi(
    apiRoute('declineLetter', 'public', {
      method: 'post',
      path: '/letters/{token}/decline',
      tags,
      summary: 'Decline the request, with an optional reason for the applicant’s program.',
      request: { params: letterTokenParam, ...jsonBody(letterDeclineInput) },
      responses: { ...jsonOk(letterDoneSchema), ...errors(400, 404, 409, 429) },
    }),
    (c) => ok(c, ({ db, clock, param, body }) => declineLetter(db, clock, param.token, body)),
  )
  // The footer link of the recommender's emails: stops that request's reminders (signed; no account).
  .openapi(
    apiRoute('getLetterReminderUnsubscribe', 'public', {
      method: 'get',
      path: '/letter-reminders/unsubscribe',
      tags,
      summary:
        "Whose letter request a recommender's “Stop reminders” link names and whether its reminders are on (the signed token is the authority). A link works for 90 days: an older one answers 422 with fields.token “expired”.",
      request: { query: letterUnsubscribeQuery },
      responses: { ...jsonOk(letterUnsubscribeSchema), ...errors(400, 422) },
    }),
    (c) => ok(c, ({ db, clock, config, query }) => letterUnsubscribeInfo(db, clock, config, query.token)),
  )
  .openapi(
    apiRoute('letterReminderUnsubscribe', 'public', {
      method: 'post',
      path: '/letter-reminders/unsubscribe',
      tags,
      summary:
        'Stop the reminders of one letter request; its letter link keeps working (RFC 8058 one-click, and the page’s button).',
      request: { query: letterUnsubscribeQuery },
      responses: { ...jsonOk(letterUnsubscribeSchema), ...errors(400, 422) },
    }),
    (c) => ok(c, ({ db, clock, config, query }) => letterUnsubscribe(db, clock, config, query.token)),
  );
