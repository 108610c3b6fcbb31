import type { Context } from 'hono';
import { stageMessages } from '../../shared/domain/stages';
import { adminProgramSchema } from '../../shared/schemas/programs';
import {
  addStageInput,
  invitationIdParam,
  invitationListQuery,
  invitationListSchema,
  invitationSchema,
  inviteInput,
  inviteResultSchema,
  stageListSchema,
  stageSchema,
  stageSettingsInput,
} from '../../shared/schemas/stages';
import type { AppEnv } from '../context';
import { NotFound } from '../errors';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, rawId, router, type Who } from '../http/openapi';
import { programIdParam } from '../http/params';
import { addStage, listStages, setStageSettings, stageAdders, stageReaders } from '../programs/stages';
import { programAdmins } from '../programs/who';
import { invitationAdmin, inviteToNextStage, listInvitations, withdrawInvitation } from './stages';

const tags = ['programs'];

/** The admins of the stage an invitation came from. */
const invitationAdmins: Who = (c: Context<AppEnv>, actor) =>
  invitationAdmin(
    c.get('deps').db,
    actor,
    rawId(c, 'id', () => new NotFound(stageMessages.invitationNotFound)),
  );

/** Programs in stages (issue 32, decision 066): the chain of stages and invitations to the next. */
export const stageRoutes = router()
  .openapi(
    apiRoute('listProgramStages', 'session', {
      who: stageReaders,
      method: 'get',
      path: '/programs/{id}/stages',
      tags,
      summary:
        'The stages of the program’s chain, stage 1 first (its admins, the reviewers of any stage, its coalition managers)',
      request: { params: programIdParam },
      responses: { ...jsonOk(stageListSchema), ...errors(400, 401, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => listStages(db, actor, param.id)),
  )
  .openapi(
    apiRoute('addProgramStage', 'session', {
      who: stageAdders,
      method: 'post',
      path: '/programs/{id}/stages',
      tags,
      summary:
        'Add the next stage: a draft program of the same organization, by invitation only (optionally with the previous stage’s reviewer form)',
      request: { params: programIdParam, ...jsonBody(addStageInput) },
      responses: { ...jsonOk(adminProgramSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => addStage(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('setStageSettings', 'session', {
      who: stageAdders,
      method: 'put',
      path: '/programs/{id}/stage-settings',
      tags,
      summary:
        'A later stage’s settings: whether its reviewers see the previous stage’s aggregate score and decision',
      request: { params: programIdParam, ...jsonBody(stageSettingsInput) },
      responses: { ...jsonOk(stageSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => setStageSettings(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('inviteToNextStage', 'session', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/invitations',
      tags,
      summary:
        'Invite submitted applications of this stage to the next (named, or an inbox filter): a prefilled draft and an email each; idempotent',
      request: { params: programIdParam, ...jsonBody(inviteInput) },
      responses: { ...jsonOk(inviteResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => inviteToNextStage(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('listStageInvitations', 'session', {
      who: programAdmins,
      method: 'get',
      path: '/programs/{id}/invitations',
      tags,
      summary: 'The invitations to this stage, newest first (its admins)',
      request: { params: programIdParam, query: invitationListQuery },
      responses: { ...jsonOk(invitationListSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param, query }) => listInvitations(db, actor, param.id, query)),
  )
  .openapi(
    apiRoute('withdrawStageInvitation', 'session', {
      who: invitationAdmins,
      method: 'delete',
      path: '/invitations/{id}',
      tags,
      summary:
        'Withdraw an invitation before the applicant submits the stage: its draft is withdrawn, the applicant emailed',
      request: { params: invitationIdParam },
      responses: { ...jsonOk(invitationSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => withdrawInvitation(db, clock, actor, param.id)),
  );
