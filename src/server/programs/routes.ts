import { z } from '@hono/zod-openapi';
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
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
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
    apiRoute('listOrgPrograms', 'token', {
      method: 'get',
      path: '/orgs/{slug}/programs',
      summary: "The organization's programs, drafts included (deleted ones with deleted=true)",
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
    apiRoute('createProgram', 'token', {
      method: 'post',
      path: '/orgs/{slug}/programs',
      summary: 'Create a draft program in the organization',
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
    apiRoute('listCoalitionPrograms', 'session', {
      method: 'get',
      path: '/coalitions/{slug}/programs',
      summary: "The programs of a coalition's member organizations (its managers)",
      tags,
      request: { params: slugParam },
      responses: { ...jsonOk(itemsOf(adminProgramSchema)), ...errors(401, 403, 404) },
    }),
    async (c) =>
      c.json(await listCoalitionPrograms(c.get('deps').db, c.get('actor'), c.req.valid('param').slug), 200),
  )
  .openapi(
    apiRoute('getProgramEditor', 'token', {
      method: 'get',
      path: '/programs/{id}/editor',
      summary: 'A program as its editor shows it: form, status, pending changes and history',
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(programEditorSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await getEditor(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    apiRoute('saveProgramForm', 'token', {
      method: 'put',
      path: '/programs/{id}/form',
      summary: "Save a program's working form (optimistic concurrency with version)",
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
    apiRoute('publishProgram', 'token', {
      method: 'post',
      path: '/programs/{id}/publish',
      summary: 'Submit a draft for approval, or publish form changes of an approved program',
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
    apiRoute('deleteProgram', 'token', {
      method: 'delete',
      path: '/programs/{id}',
      summary: 'Delete a program (soft delete; it can be restored)',
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
    apiRoute('restoreProgram', 'token', {
      method: 'post',
      path: '/programs/{id}/restore',
      summary: 'Restore a deleted program',
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
    apiRoute('getReviewForm', 'token', {
      method: 'get',
      path: '/programs/{id}/review-form',
      summary: "The program's reviewer form (decision options and extra criteria)",
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(reviewerFormSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(await getReviewerForm(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    apiRoute('saveReviewForm', 'token', {
      method: 'put',
      path: '/programs/{id}/review-form',
      summary: "Save the program's reviewer form",
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
    apiRoute('listProgramsForApproval', 'session', {
      method: 'get',
      path: '/super/programs',
      summary: 'Programs across organizations by review status (super admins)',
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
    apiRoute('approveProgram', 'session', {
      method: 'post',
      path: '/programs/{id}/approve',
      summary: 'Approve a submitted program (super admins)',
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
    apiRoute('requestProgramChanges', 'session', {
      method: 'post',
      path: '/programs/{id}/request-changes',
      summary: 'Send a submitted program back with a note (super admins)',
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
    apiRoute('previewProgram', 'token', {
      method: 'get',
      path: '/programs/{id}/preview',
      summary: "Preview a program's form as applicants will see it",
      tags,
      request: { params: idParam },
      responses: { ...jsonOk(previewSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await previewProgram(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(
    apiRoute('listProgramEvents', 'token', {
      method: 'get',
      path: '/programs/{id}/events',
      summary: "A program's review history (submitted, approved, published …)",
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
    apiRoute('startApplication', 'session', {
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
    apiRoute('getProgramSchedule', 'token', {
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
    apiRoute('updateProgramSchedule', 'token', {
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
