import { z } from '@hono/zod-openapi';
import {
  assignInput,
  assignResultSchema,
  autoAssignInput,
  autoAssignPlanSchema,
  conflictInput,
  conflictListSchema,
  finalDecisionInput,
  messageSchema,
  nextToScoreSchema,
  recuseInput,
  reopenRequestInput,
  reviewerProgressSchema,
  saveSheetInput,
  scoreSheetSchema,
  scoringDetailSchema,
  scoringSettingsInput,
  scoringSettingsSchema,
  sheetConflictSchema,
  unassignResultSchema,
} from '../../shared/schemas/scoring';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { programIdParam } from '../http/params';
import { programAdmins, programEditors, programEditorWrites } from '../programs/who';
import {
  addConflict,
  assignReviewers,
  autoAssign,
  listConflicts,
  removeConflict,
  reviewerProgress,
  unassignReviewers,
} from './assignments';
import { remindReviewer } from './remind';
import { getScoringSettings, setScoringSettings } from './settings';
import {
  getScoringDetail,
  getSheet,
  nextToScore,
  recordFinalDecision,
  recuse,
  reopenSheet,
  requestReopen,
  SheetConflict,
  saveSheet,
} from './sheets';
import { finalDeciders, reviewers, sheetHolders, sheetOwners } from './who';

const applicationParam = z.object({ id: z.string().uuid('Application ids must be UUIDs.') });
const sheetParam = z.object({ id: z.string().uuid('Score sheet ids must be UUIDs.') });
const conflictParam = programIdParam.extend({ conflictId: z.string().uuid('Conflict ids must be UUIDs.') });
const reviewerParam = programIdParam.extend({ userId: z.string().uuid('User ids must be UUIDs.') });
const remindResult = z.object({ message: z.string(), sent: z.boolean() });
const tags = ['scoring'];

/** Independent scoring, assignment and conflicts, blind review (issue 20; decisions 035, 036). */
export const scoringRoutes = router()
  .openapi(
    apiRoute('getScoringSettings', 'token', {
      who: programEditors,
      method: 'get',
      path: '/programs/{id}/scoring',
      tags,
      summary: 'Review settings: mode, rubric, independence, blind review, hidden questions',
      request: { params: programIdParam },
      responses: { ...jsonOk(scoringSettingsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getScoringSettings(db, actor, param.id)),
  )
  .openapi(
    apiRoute('updateScoringSettings', 'token', {
      who: programEditorWrites,
      method: 'put',
      path: '/programs/{id}/scoring',
      summary: 'Save the review settings: mode, rubric, independence, blind review, hidden questions',
      tags,
      request: { params: programIdParam, ...jsonBody(scoringSettingsInput) },
      responses: { ...jsonOk(scoringSettingsSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => setScoringSettings(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('getReviewerProgress', 'token', {
      who: programAdmins,
      method: 'get',
      path: '/programs/{id}/reviewer-progress',
      tags,
      summary: 'Per reviewer: assigned, submitted and remaining score sheets',
      request: { params: programIdParam },
      responses: { ...jsonOk(reviewerProgressSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => reviewerProgress(db, actor, param.id, true)),
  )
  .openapi(
    apiRoute('remindReviewer', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/reviewer-progress/{userId}/remind',
      tags,
      summary: 'Email a reviewer their remaining count and a link to their queue (once a day)',
      request: { params: reviewerParam },
      responses: { ...jsonOk(remindResult), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) =>
      ok(c, ({ db, clock, config, actor, param }) =>
        remindReviewer(db, clock, actor, param.id, param.userId, !!config.mail.off),
      ),
  )
  .openapi(
    apiRoute('assignScoreSheets', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/score-assignments',
      tags,
      summary: 'Assign reviewers to applications (every pair; conflicts skipped)',
      request: { params: programIdParam, ...jsonBody(assignInput) },
      responses: { ...jsonOk(assignResultSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => assignReviewers(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('unassignScoreSheets', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/score-assignments/remove',
      tags,
      summary: 'Unassign reviewers from applications (submitted sheets are kept)',
      request: { params: programIdParam, ...jsonBody(assignInput) },
      responses: { ...jsonOk(unassignResultSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, actor, param, body }) => unassignReviewers(db, actor, param.id, body)),
  )
  .openapi(
    apiRoute('previewAutoAssign', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/auto-assign/preview',
      tags,
      summary: 'The loads automatic assignment would give (nothing changes)',
      request: { params: programIdParam, ...jsonBody(autoAssignInput) },
      responses: { ...jsonOk(autoAssignPlanSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => autoAssign(db, clock, actor, param.id, body, false)),
  )
  .openapi(
    apiRoute('autoAssign', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/auto-assign',
      tags,
      summary: 'Assign N reviewers per application, balanced and conflict-free (decision 036)',
      request: { params: programIdParam, ...jsonBody(autoAssignInput) },
      responses: { ...jsonOk(autoAssignPlanSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => autoAssign(db, clock, actor, param.id, body, true)),
  )
  .openapi(
    apiRoute('listConflicts', 'token', {
      who: programAdmins,
      method: 'get',
      path: '/programs/{id}/conflicts',
      summary: 'The conflicts of interest marked in a program',
      tags,
      request: { params: programIdParam },
      responses: { ...jsonOk(conflictListSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => listConflicts(db, actor, param.id)),
  )
  .openapi(
    apiRoute('createConflict', 'token', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/conflicts',
      tags,
      summary: 'Mark a conflict of interest between a reviewer and an application',
      request: { params: programIdParam, ...jsonBody(conflictInput) },
      responses: { ...jsonOk(messageSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => addConflict(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('deleteConflict', 'token', {
      who: programAdmins,
      method: 'delete',
      path: '/programs/{id}/conflicts/{conflictId}',
      summary: 'Remove a conflict of interest',
      tags,
      request: { params: conflictParam },
      responses: { ...jsonOk(messageSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => removeConflict(db, actor, param.id, param.conflictId)),
  )
  .openapi(
    apiRoute('getNextToScore', 'session', {
      method: 'get',
      path: '/review/programs/{id}/next',
      tags,
      summary: "The caller's next application to score: the least reviewed first",
      request: { params: programIdParam },
      responses: { ...jsonOk(nextToScoreSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => nextToScore(db, actor, param.id)),
  )
  .openapi(
    apiRoute('getApplicationScoring', 'session', {
      method: 'get',
      path: '/applications/{id}/scoring',
      tags,
      summary: 'The rubric, the caller\u2019s sheet and the sheets they may read',
      request: { params: applicationParam },
      responses: { ...jsonOk(scoringDetailSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getScoringDetail(db, actor, param.id)),
  )
  .openapi(
    apiRoute('saveScoreSheet', 'session', {
      who: sheetHolders,
      method: 'put',
      path: '/applications/{id}/score-sheet',
      summary: "Save or submit the caller's score sheet (optimistic concurrency with version)",
      tags,
      request: { params: applicationParam, ...jsonBody(saveSheetInput) },
      responses: {
        ...jsonOk(scoreSheetSchema),
        409: {
          description: 'Stale version or submitted sheet: the sheet as it now is',
          content: { 'application/json': { schema: sheetConflictSchema } },
        },
        ...errors(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      try {
        return c.json(
          await saveSheet(db, clock, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
          200,
        );
      } catch (err) {
        if (err instanceof SheetConflict)
          return c.json({ error: { code: 'conflict', message: err.message }, sheet: err.sheet }, 409);
        throw err;
      }
    },
  )
  .openapi(
    apiRoute('recuse', 'session', {
      who: reviewers,
      method: 'post',
      path: '/applications/{id}/recuse',
      tags,
      summary: '"I know this applicant": recuse from an assigned application',
      request: { params: applicationParam, ...jsonBody(recuseInput) },
      responses: { ...jsonOk(messageSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) => recuse(db, clock, actor, param.id, body.note ?? null)),
  )
  .openapi(
    apiRoute('setFinalDecision', 'session', {
      who: finalDeciders,
      method: 'put',
      path: '/applications/{id}/final-decision',
      tags,
      summary: 'The org admin records the final decision, with the aggregate as its score',
      request: { params: applicationParam, ...jsonBody(finalDecisionInput) },
      responses: { ...jsonOk(scoringDetailSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) => recordFinalDecision(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('getScoreSheet', 'session', {
      method: 'get',
      path: '/score-sheets/{id}',
      summary: "A score sheet (its reviewer, or the program's admins)",
      tags,
      request: { params: sheetParam },
      responses: { ...jsonOk(scoreSheetSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getSheet(db, actor, param.id)),
  )
  .openapi(
    apiRoute('requestScoreSheetReopen', 'session', {
      who: sheetOwners,
      method: 'post',
      path: '/score-sheets/{id}/reopen-request',
      tags,
      summary: 'The sheet\u2019s reviewer asks the program admin to reopen it',
      request: { params: sheetParam, ...jsonBody(reopenRequestInput) },
      responses: { ...jsonOk(scoreSheetSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) =>
        requestReopen(db, clock, actor, param.id, body.note ?? null),
      ),
  )
  .openapi(
    apiRoute('reopenScoreSheet', 'session', {
      method: 'post',
      path: '/score-sheets/{id}/reopen',
      summary: 'Reopen a submitted score sheet (program admins)',
      tags,
      request: { params: sheetParam },
      responses: { ...jsonOk(scoreSheetSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => reopenSheet(db, clock, actor, param.id)),
  );
