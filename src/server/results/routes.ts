import { z } from '@hono/zod-openapi';
import { mailDeliverySchema, publishPreviewSchema, testCopyResultSchema } from '../../shared/schemas/mail';
import {
  publishedResultSchema,
  publishInput,
  publishPreviewInput,
  publishProgramCardSchema,
  publishQueueSchema,
  publishResultSchema,
  updatePublishedInput,
  updatePublishedResultSchema,
} from '../../shared/schemas/results';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { programIdParam, slugParam } from '../http/params';
import { programAdmins } from '../programs/who';
import { publishPreview, sendTestCopy } from './preview';
import {
  myResults,
  programMailDelivery,
  publishGallery,
  publishQueue,
  publishResults,
  updatePublishedResults,
} from './service';

const tags = ['results'];
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** Publishing results, the applicant's results and notifications (issue 5). */
export const resultRoutes = router()
  .openapi(
    apiRoute('listPublishablePrograms', 'token', {
      method: 'get',
      path: '/orgs/{slug}/publish/programs',
      tags,
      summary: 'The Publish Results gallery: published programs with finalized and published counts.',
      request: { params: slugParam },
      responses: { ...jsonOk(list(publishProgramCardSchema)), ...errors(401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => publishGallery(db, actor, param.slug)),
  )
  .openapi(
    apiRoute('getPublishQueue', 'token', {
      who: programAdmins,
      method: 'get',
      path: '/programs/{id}/publish-queue',
      tags,
      summary: 'A program’s finalized results, each with whether it is already published.',
      request: { params: programIdParam },
      responses: { ...jsonOk(publishQueueSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => publishQueue(db, actor, param.id)),
  )
  .openapi(
    apiRoute('publishResults', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/publish-results',
      tags,
      summary: 'Publish finalized results (all, or selected) to their applicants; idempotent.',
      request: { params: programIdParam, ...jsonBody(publishInput) },
      responses: { ...jsonOk(publishResultSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => publishResults(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('updatePublishedResults', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/update-published-results',
      tags,
      summary: 'Correct what published results show (their visibility); the applicants are notified.',
      request: { params: programIdParam, ...jsonBody(updatePublishedInput) },
      responses: { ...jsonOk(updatePublishedResultSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    (c) => ok(c, ({ db, actor, param, body }) => updatePublishedResults(db, actor, param.id, body)),
  )
  .openapi(
    apiRoute('listMyResults', 'session', {
      method: 'get',
      path: '/me/results',
      tags,
      summary: 'The signed-in applicant’s published results, newest first (visible fields only).',
      responses: { ...jsonOk(list(publishedResultSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => myResults(db, actor)),
  )
  .openapi(
    apiRoute('previewResultEmail', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/publish-preview',
      tags,
      summary: 'The email one applicant of this selection would receive, and how many would get one.',
      request: { params: programIdParam, ...jsonBody(publishPreviewInput) },
      responses: { ...jsonOk(publishPreviewSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ deps, actor, param, body }) => publishPreview(deps, actor, param.id, body)),
  )
  .openapi(
    apiRoute('sendTestResultEmail', 'session', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/publish-test',
      tags,
      summary: 'Send that email to the admin themselves, marked as a test.',
      request: { params: programIdParam, ...jsonBody(publishPreviewInput) },
      responses: { ...jsonOk(testCopyResultSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ deps, actor, param, body }) => sendTestCopy(deps, actor, param.id, body)),
  )
  .openapi(
    apiRoute('getResultMailDelivery', 'token', {
      who: programAdmins,
      method: 'get',
      path: '/programs/{id}/mail-delivery',
      tags,
      summary: 'Delivery of the program’s result emails: sent, pending, failed and the failed addresses.',
      request: { params: programIdParam },
      responses: { ...jsonOk(mailDeliverySchema), ...errors(400, 401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, config, actor, param }) => programMailDelivery(db, actor, param.id, !!config.mail.off)),
  );
