import { createRoute, z } from '@hono/zod-openapi';
import { reviewerFormSchema } from '../../shared/schemas/forms';

import { itemsOf } from '../../shared/schemas/me';
import {
  adminProgramSchema,
  createProgramInput,
  orgProgramQuery,
  previewSchema,
  programEditorSchema,
  programEventSchema,
  programScheduleInput,
  programScheduleSchema,
  requestChangesInput,
  saveFormInput,
  saveResultSchema,
  scheduleResultSchema,
  startApplicationResult,
  superProgramQuery,
  transitionResultSchema,
} from '../../shared/schemas/programs';
import { startOrGetApplication } from '../applications/start';
import { errors, jsonBody, jsonOk, router } from '../http/openapi';
import {
  approveProgram,
  previewProgram,
  programHistory,
  requestChanges,
  superListPrograms,
} from './approval';
import { listCoalitionPrograms } from './coalition';
import { createDraft, listOrgPrograms, restoreProgram, softDeleteProgram } from './drafts';
import { getEditor, publishProgram, saveForm } from './editor';
import { getReviewerForm, setReviewerForm } from './reviewer-form';
import { getSchedule, setSchedule } from './schedule';

const slugParam = z.object({ slug: z.string().min(1).max(100) });
const idParam = z.object({ id: z.string().uuid('Program ids must be UUIDs.') });
const tags = ['programs'];

export const programRoutes = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/orgs/{slug}/programs',
      tags,
      request: { params: slugParam, query: orgProgramQuery },
      responses: { ...jsonOk(itemsOf(adminProgramSchema)), ...errors(401, 403, 404) },
    }),
    async (c) => {
      const { db } = c.get('deps');
      const deleted = c.req.valid('query').deleted === 'true';
      return c.json(await listOrgPrograms(db, c.get('actor'), c.req.valid('param').slug, deleted), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/orgs/{slug}/programs',
      tags,
      request: { params: slugParam, ...jsonBody(createProgramInput) },
      responses: { ...jsonOk(adminProgramSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(
        await createDraft(db, clock, c.get('actor'), c.req.valid('param').slug, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/coalitions/{slug}/programs',
      tags,
      request: { params: slugParam },
      responses: { ...jsonOk(itemsOf(adminProgramSchema)), ...errors(401, 403, 404) },
    }),
    async (c) =>
      c.json(await listCoalitionPrograms(c.get('deps').db, c.get('actor'), c.req.valid('param').slug), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/programs/{id}/editor',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(programEditorSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await getEditor(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/programs/{id}/form',
      tags,
      request: { params: idParam, ...jsonBody(saveFormInput) },
      responses: { ...jsonOk(saveResultSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(
        await saveForm(db, clock, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/programs/{id}/publish',
      tags,
      request: { params: idParam, ...jsonBody(saveFormInput) },
      responses: { ...jsonOk(saveResultSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(
        await publishProgram(db, clock, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/programs/{id}',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(adminProgramSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await softDeleteProgram(db, clock, c.get('actor'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/programs/{id}/restore',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(adminProgramSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await restoreProgram(db, clock, c.get('actor'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/programs/{id}/review-form',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(reviewerFormSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(await getReviewerForm(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/programs/{id}/review-form',
      tags,
      request: { params: idParam, ...jsonBody(reviewerFormSchema) },
      responses: { ...jsonOk(reviewerFormSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(
        await setReviewerForm(db, clock, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/super/programs',
      tags,
      request: { query: superProgramQuery },
      responses: { ...jsonOk(itemsOf(adminProgramSchema)), ...errors(401, 403) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(
        await superListPrograms(c.get('deps').db, c.get('actor'), q.status, q.deleted === 'true'),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/programs/{id}/approve',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(transitionResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await approveProgram(db, clock, c.get('actor'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/programs/{id}/request-changes',
      tags,
      request: { params: idParam, ...jsonBody(requestChangesInput) },
      responses: { ...jsonOk(transitionResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      const { note } = c.req.valid('json');
      return c.json(await requestChanges(db, clock, c.get('actor'), c.req.valid('param').id, note), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/programs/{id}/preview',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(previewSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await previewProgram(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/programs/{id}/events',
      tags,
      request: { params: idParam },
      responses: {
        ...jsonOk(z.object({ items: z.array(programEventSchema) })),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) => c.json(await programHistory(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/programs/{id}/applications',
      tags,
      summary: 'Start or continue the signed-in user’s application to a published program.',
      request: { params: idParam },
      responses: { ...jsonOk(startApplicationResult), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await startOrGetApplication(db, clock, c.get('actor'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/programs/{id}/schedule',
      tags,
      summary: 'The program’s open and close dates and its deadline reminders (hours before close).',
      request: { params: idParam },
      responses: { ...jsonOk(programScheduleSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await getSchedule(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/programs/{id}/schedule',
      tags,
      summary: 'Change the dates and reminders; a later deadline tells applicants with a draft.',
      request: { params: idParam, ...jsonBody(programScheduleInput) },
      responses: { ...jsonOk(scheduleResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(
        await setSchedule(db, clock, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
        200,
      );
    },
  );
