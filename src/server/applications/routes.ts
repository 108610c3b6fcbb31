import { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import {
  answersInput,
  applicationIdParam,
  applicationPreviewSchema,
  applicationSchema,
  applicationVersionsSchema,
  changeRequestInput,
  changeRequestResultSchema,
  gracePeriodInput,
  gracePeriodSchema,
  myDraftSchema,
  mySubmissionSchema,
  personalDeadlineInput,
  personalDeadlineResultSchema,
  savedAnswersSchema,
  staleAnswersSchema,
  submitRefusedSchema,
  withdrawInput,
  withdrawStateSchema,
} from '../../shared/schemas/applications';
import { itemsOf } from '../../shared/schemas/me';
import { screeningAnswersInput, screeningOutcomeSchema } from '../../shared/schemas/screening';
import { sessionCheck } from '../auth/session';
import type { AppEnv } from '../context';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { programIdParam } from '../http/params';
import { programAdmins } from '../programs/who';
import { applicationOwner } from './access';
import { getVersions, requestChanges } from './change-requests';
import { getGracePeriod, setGracePeriod, setPersonalDeadlines } from './deadlines';
import { answerScreening } from './screening';
import {
  applicationPreview,
  autosaveForSession,
  getApplication,
  listMyDrafts,
  listMySubmissions,
  StaleAnswers,
  SubmitRefused,
  saveAnswers,
  submitApplication,
} from './service';
import { reinstateApplication, withdrawApplication } from './withdraw';

const tags = ['applications'];
const params = applicationIdParam;

const conflict = {
  409: {
    description: 'Stale version (with the server answers and version) or a locked application',
    content: {
      'application/json': {
        schema: z.union([
          staleAnswersSchema,
          z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
        ]),
      },
    },
  },
};
const refused = {
  422: {
    description: 'Submit refused: the answers were saved; the problems to show',
    content: { 'application/json': { schema: submitRefusedSchema } },
  },
};

/**
 * PUT /api/applications/{id}/answers ahead of the session middleware (decision 031): a warm autosave
 * is then one statement, the session's rules checked inside the write. When that write does not
 * happen (no session, bad input, any rule not met) the request goes on to the session middleware and
 * the route below, which answer every case exactly as before.
 */
export const autosaveShortcut: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clock } = c.get('deps');
  const session = sessionCheck(c);
  const param = applicationIdParam.safeParse({ id: c.req.param('id') });
  // A body not declared JSON goes on to the route, which answers 415 like every other write route.
  if (!session || !param.success || !isJsonBody(c.req.header('content-type'))) return next();
  const input = answersInput.safeParse(await c.req.json().catch(() => null));
  if (!input.success) return next();
  const saved = await autosaveForSession(db, clock, session, param.data.id, input.data);
  return saved ? c.json(saved, 200) : next();
};

/** The media types the route's own validator takes as JSON (@hono/zod-openapi's rule). */
const JSON_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const isJsonBody = (type: string | undefined) => type !== undefined && JSON_TYPE.test(type);

/** The two answers that carry data beyond the error: the merge data (409) and the problems (422). */
function withDetails(c: Context<AppEnv>, err: unknown): Response {
  if (err instanceof StaleAnswers)
    return c.json({ error: { code: 'conflict', message: err.message }, current: err.current }, 409);
  if (err instanceof SubmitRefused)
    return c.json(
      {
        error: { code: 'invalid', message: err.message },
        problems: err.problems,
        current: err.current,
      },
      422,
    );
  throw err;
}

/** Applications: load, autosave, submit, signed-out preview, My Submissions (issue 4). */
export const applicationRoutes = router()
  .openapi(
    apiRoute('getApplication', 'session', {
      method: 'get',
      path: '/applications/{id}',
      summary:
        'An application with its form and answers (its applicant, or a reviewer or admin of its program)',
      tags,
      request: { params },
      responses: { ...jsonOk(applicationSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => getApplication(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('saveApplicationAnswers', 'session', {
      who: applicationOwner,
      method: 'put',
      path: '/applications/{id}/answers',
      tags,
      summary: 'Autosave (idempotent): the whole answer map with the version it was based on.',
      request: { params, ...jsonBody(answersInput) },
      responses: { ...jsonOk(savedAnswersSchema), ...errors(400, 401, 403, 404, 422), ...conflict },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) => saveAnswers(db, clock, actor, param.id, body)).catch(
        (err) => withDetails(c, err) as never,
      ),
  )
  .openapi(
    apiRoute('submitApplication', 'session', {
      who: applicationOwner,
      method: 'post',
      path: '/applications/{id}/submit',
      summary: 'Submit an application (its applicant; required answers and the profile are checked)',
      tags,
      request: { params, ...jsonBody(answersInput) },
      responses: { ...jsonOk(savedAnswersSchema), ...errors(400, 401, 403, 404), ...conflict, ...refused },
    }),
    (c) =>
      ok(c, ({ db, clock, storage, actor, param, body }) =>
        submitApplication(db, clock, storage, actor, param.id, body),
      ).catch((err) => withDetails(c, err) as never),
  )
  .openapi(
    apiRoute('previewApplication', 'public', {
      method: 'get',
      path: '/applications/{id}/preview',
      tags: ['public'],
      summary: 'Signed-out preview: the program behind an application link (never answers).',
      request: { params },
      responses: { ...jsonOk(applicationPreviewSchema), ...errors(400, 404) },
    }),
    (c) => ok(c, ({ db, param }) => applicationPreview(db, param.id)),
  )
  .openapi(
    apiRoute('listMyApplications', 'session', {
      method: 'get',
      path: '/me/applications',
      tags,
      summary: "My Submissions: the caller's non-draft applications, newest first.",
      responses: { ...jsonOk(itemsOf(mySubmissionSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, clock, actor }) => listMySubmissions(db, clock, actor)),
  )
  .openapi(
    apiRoute('listMyDraftApplications', 'session', {
      method: 'get',
      path: '/me/applications/drafts',
      tags,
      summary: "The caller's applications in progress (drafts of live programs), soonest deadline first.",
      responses: { ...jsonOk(itemsOf(myDraftSchema)), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => listMyDrafts(db, actor)),
  )
  .openapi(
    apiRoute('withdrawApplication', 'session', {
      who: applicationOwner,
      method: 'post',
      path: '/applications/{id}/withdraw',
      tags,
      summary: 'Withdraw a submitted application (its applicant, until its result is published).',
      request: { params, ...jsonBody(withdrawInput) },
      responses: { ...jsonOk(withdrawStateSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) => withdrawApplication(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('reinstateApplication', 'session', {
      method: 'post',
      path: '/applications/{id}/reinstate',
      tags,
      summary: 'Put a withdrawn application back as submitted (an admin of its program).',
      request: { params },
      responses: { ...jsonOk(withdrawStateSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => reinstateApplication(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('setPersonalDeadlines', 'session', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/personal-deadlines',
      tags,
      summary:
        'Set (or remove, with null) a personal close time on some of the program’s applications (its admins).',
      request: { params: programIdParam, ...jsonBody(personalDeadlineInput) },
      responses: { ...jsonOk(personalDeadlineResultSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) => setPersonalDeadlines(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('requestChanges', 'session', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/change-requests',
      tags,
      summary:
        'Request changes of the applicants of 1–100 submitted applications: a message, a due date and what may change (its admins).',
      request: { params: programIdParam, ...jsonBody(changeRequestInput) },
      responses: { ...jsonOk(changeRequestResultSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => requestChanges(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('getApplicationVersions', 'session', {
      method: 'get',
      path: '/applications/{id}/versions',
      tags,
      summary:
        'The submitted versions of an application and what changed in the latest (its applicant, or a reviewer or admin of its program).',
      request: { params },
      responses: { ...jsonOk(applicationVersionsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getVersions(db, actor, param.id)),
  )
  .openapi(
    apiRoute('getGracePeriod', 'session', {
      who: programAdmins,
      method: 'get',
      path: '/programs/{id}/grace-period',
      tags,
      summary: 'The program’s grace period in minutes after close (its admins).',
      request: { params: programIdParam },
      responses: { ...jsonOk(gracePeriodSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getGracePeriod(db, actor, param.id)),
  )
  .openapi(
    apiRoute('setGracePeriod', 'session', {
      who: programAdmins,
      method: 'put',
      path: '/programs/{id}/grace-period',
      tags,
      summary:
        'Set the grace period: minutes after close when drafts already started may be submitted, marked late.',
      request: { params: programIdParam, ...jsonBody(gracePeriodInput) },
      responses: { ...jsonOk(gracePeriodSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, body }) => setGracePeriod(db, clock, actor, param.id, body.minutes)),
  )
  .openapi(
    apiRoute('answerScreening', 'session', {
      method: 'post',
      path: '/programs/{id}/screening',
      tags,
      summary:
        'Answer a published program’s eligibility screening: passed starts (or continues) the application; not passed gives the program’s message and no application.',
      request: { params: programIdParam, ...jsonBody(screeningAnswersInput) },
      responses: { ...jsonOk(screeningOutcomeSchema), ...errors(400, 401, 403, 404, 409, 422) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => answerScreening(db, clock, actor, param.id, body)),
  );
