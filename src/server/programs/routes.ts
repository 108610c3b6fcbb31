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
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router, superAdmins } from '../http/openapi';
import { programIdParam, slugParam } from '../http/params';
import { softDeleteRoutes } from '../http/soft-delete';
import {
  approveProgram,
  previewProgram,
  programHistory,
  requestChanges,
  superListPrograms,
} from './approval';
import { listCoalitionPrograms } from './coalition';
import { copyProgram } from './copy';
import { createDraft, listOrgPrograms, setProgramDeleted } from './drafts';
import { getEditor, publishProgram, saveForm } from './editor';
import { getReviewerForm, setReviewerForm } from './reviewer-form';
import { getSchedule, setSchedule } from './schedule';
import { orgAdmins, programAdminsOnly, programEditors, programEditorWrites } from './who';

const tags = ['programs'];

export const programRoutes = router()
  .openapi(
    apiRoute('listOrgPrograms', 'token', {
      who: orgAdmins,
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
      who: orgAdmins,
      method: 'post',
      path: '/orgs/{slug}/programs',
      summary: 'Create a draft program in the organization',
      tags,
      request: { params: slugParam, ...jsonBody(createProgramInput) },
      responses: { ...jsonOk(adminProgramSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => createDraft(db, clock, actor, param.slug, body)),
  )
  .openapi(
    apiRoute('copyProgram', 'token', {
      method: 'post',
      path: '/programs/{id}/copy',
      summary:
        'Copy a program into a new draft: same form, reviewer form and review settings; no dates or applications. Stage 1 of a program in stages copies its later stages too; a later stage alone becomes an ordinary program',
      tags,
      request: { params: programIdParam },
      responses: { ...jsonOk(adminProgramSchema), ...errors(401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => copyProgram(db, clock, actor, param.id)),
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
    (c) => ok(c, ({ db, actor, param }) => listCoalitionPrograms(db, actor, param.slug)),
  )
  .openapi(
    apiRoute('getProgramEditor', 'token', {
      who: programEditors,
      method: 'get',
      path: '/programs/{id}/editor',
      summary: 'A program as its editor shows it: form, status, pending changes and history',
      tags,
      request: { params: programIdParam },
      responses: { ...jsonOk(programEditorSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getEditor(db, actor, param.id)),
  )
  .openapi(
    apiRoute('saveProgramForm', 'token', {
      who: programEditorWrites,
      method: 'put',
      path: '/programs/{id}/form',
      summary: "Save a program's working form (optimistic concurrency with version)",
      tags,
      request: { params: programIdParam, ...jsonBody(saveFormInput) },
      responses: { ...jsonOk(saveResultSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => saveForm(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('publishProgram', 'token', {
      who: programEditorWrites,
      method: 'post',
      path: '/programs/{id}/publish',
      summary: 'Submit a draft for approval, or publish form changes of an approved program',
      tags,
      request: { params: programIdParam, ...jsonBody(saveFormInput) },
      responses: { ...jsonOk(saveResultSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => publishProgram(db, clock, actor, param.id, body)),
  )
  .route(
    '/',
    softDeleteRoutes('token', '/programs/{id}', {
      params: programIdParam,
      result: adminProgramSchema,
      remove: {
        operationId: 'deleteProgram',
        summary: 'Delete a program (soft delete; it can be restored)',
        tags,
      },
      restore: { operationId: 'restoreProgram', summary: 'Restore a deleted program', tags },
      set: setProgramDeleted,
    }),
  )
  .openapi(
    apiRoute('getReviewForm', 'token', {
      who: programEditors,
      method: 'get',
      path: '/programs/{id}/review-form',
      summary: "The program's reviewer form (decision options and extra criteria)",
      tags,
      request: { params: programIdParam },
      responses: { ...jsonOk(reviewerFormSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getReviewerForm(db, actor, param.id)),
  )
  .openapi(
    apiRoute('saveReviewForm', 'token', {
      who: programEditorWrites,
      method: 'put',
      path: '/programs/{id}/review-form',
      summary: "Save the program's reviewer form",
      tags,
      request: { params: programIdParam, ...jsonBody(reviewerFormSchema) },
      responses: { ...jsonOk(reviewerFormSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => setReviewerForm(db, clock, actor, param.id, body)),
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
    (c) =>
      ok(c, ({ db, actor, query }) => superListPrograms(db, actor, query.status, query.deleted === 'true')),
  )
  .openapi(
    apiRoute('approveProgram', 'session', {
      who: superAdmins,
      method: 'post',
      path: '/programs/{id}/approve',
      summary: 'Approve a submitted program (super admins)',
      tags,
      request: { params: programIdParam },
      responses: { ...jsonOk(transitionResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => approveProgram(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('requestProgramChanges', 'session', {
      who: superAdmins,
      method: 'post',
      path: '/programs/{id}/request-changes',
      summary: 'Send a submitted program back with a note (super admins)',
      tags,
      request: { params: programIdParam, ...jsonBody(requestChangesInput) },
      responses: { ...jsonOk(transitionResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) => requestChanges(db, clock, actor, param.id, body.note)),
  )
  .openapi(
    apiRoute('previewProgram', 'token', {
      who: programEditors,
      method: 'get',
      path: '/programs/{id}/preview',
      summary: "Preview a program's form as applicants will see it",
      tags,
      request: { params: programIdParam },
      responses: { ...jsonOk(previewSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => previewProgram(db, actor, param.id)),
  )
  .openapi(
    apiRoute('listProgramEvents', 'token', {
      who: programEditors,
      method: 'get',
      path: '/programs/{id}/events',
      summary: "A program's review history (submitted, approved, published …)",
      tags,
      request: { params: programIdParam },
      responses: {
        ...jsonOk(z.object({ items: z.array(programEventSchema) })),
        ...errors(400, 401, 403, 404),
      },
    }),
    (c) => ok(c, ({ db, actor, param }) => programHistory(db, actor, param.id)),
  )
  .openapi(
    apiRoute('startApplication', 'session', {
      method: 'post',
      path: '/programs/{id}/applications',
      tags,
      summary: 'Start or continue the signed-in user’s application to a published program.',
      request: { params: programIdParam },
      responses: { ...jsonOk(startApplicationResult), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => startOrGetApplication(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('getProgramSchedule', 'token', {
      who: programAdminsOnly,
      method: 'get',
      path: '/programs/{id}/schedule',
      tags,
      summary: 'The program’s open and close dates and its deadline reminders (hours before close).',
      request: { params: programIdParam },
      responses: { ...jsonOk(programScheduleSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getSchedule(db, actor, param.id)),
  )
  .openapi(
    apiRoute('updateProgramSchedule', 'token', {
      who: programAdminsOnly,
      method: 'put',
      path: '/programs/{id}/schedule',
      tags,
      summary: 'Change the dates and reminders; a later deadline tells applicants with a draft.',
      request: { params: programIdParam, ...jsonBody(programScheduleInput) },
      responses: { ...jsonOk(scheduleResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => setSchedule(db, clock, actor, param.id, body)),
  );
