import { z } from '@hono/zod-openapi';
import { applicationIdParam } from '../../shared/schemas/applications';
import {
  messageCountsSchema,
  messageCreatedSchema,
  messageInput,
  messageSettingsSchema,
  messageThreadSchema,
} from '../../shared/schemas/messages';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { programIdParam } from '../http/params';
import { programAdminsOnly } from '../programs/who';
import {
  getMessageSettings,
  getThread,
  markThreadRead,
  myMessageCounts,
  postMessage,
  programMessageCounts,
  setMessageSettings,
  threadMembers,
} from './service';

const tags = ['messages'];

/** Messages on an application (issue 31 item 2, decision 059). */
export const messageRoutes = router()
  .openapi(
    apiRoute('getApplicationMessages', 'session', {
      who: threadMembers,
      method: 'get',
      path: '/applications/{id}/messages',
      tags,
      summary:
        "An application's message thread, as the caller may see it (its applicant or the program's staff).",
      request: { params: applicationIdParam },
      responses: { ...jsonOk(messageThreadSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getThread(db, actor, param.id)),
  )
  .openapi(
    apiRoute('postApplicationMessage', 'session', {
      who: threadMembers,
      method: 'post',
      path: '/applications/{id}/messages',
      tags,
      summary: 'Write a message on an application; the other side is emailed a link back.',
      request: { params: applicationIdParam, ...jsonBody(messageInput) },
      responses: { ...jsonOk(messageCreatedSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param, body }) => postMessage(db, clock, actor, param.id, body)),
  )
  .openapi(
    apiRoute('markApplicationMessagesRead', 'session', {
      who: threadMembers,
      method: 'post',
      path: '/applications/{id}/messages/read',
      tags,
      summary: 'The caller has read the thread up to now.',
      request: { params: applicationIdParam },
      responses: { ...jsonOk(z.object({ unread: z.number().int() })), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => markThreadRead(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('myMessageCounts', 'session', {
      method: 'get',
      path: '/me/messages/counts',
      tags,
      summary: 'My Submissions: unread and total messages per application of mine.',
      responses: { ...jsonOk(messageCountsSchema), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => myMessageCounts(db, actor)),
  )
  .openapi(
    apiRoute('programMessageCounts', 'session', {
      who: programAdminsOnly,
      method: 'get',
      path: '/programs/{id}/messages/counts',
      tags,
      summary: 'The admin inbox: unread and total messages per application of the program.',
      request: { params: programIdParam },
      responses: { ...jsonOk(messageCountsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => programMessageCounts(db, actor, param.id)),
  )
  .openapi(
    apiRoute('getMessageSettings', 'session', {
      who: programAdminsOnly,
      method: 'get',
      path: '/programs/{id}/message-settings',
      tags,
      summary: "The program's message setting: may its reviewers read and write threads (off by default).",
      request: { params: programIdParam },
      responses: { ...jsonOk(messageSettingsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getMessageSettings(db, actor, param.id)),
  )
  .openapi(
    apiRoute('setMessageSettings', 'session', {
      who: programAdminsOnly,
      method: 'put',
      path: '/programs/{id}/message-settings',
      tags,
      summary: "Set whether the program's reviewers may read and write threads.",
      request: { params: programIdParam, ...jsonBody(messageSettingsSchema) },
      responses: { ...jsonOk(messageSettingsSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param, body }) => setMessageSettings(db, actor, param.id, body)),
  );
