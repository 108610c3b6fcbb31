import { z } from '@hono/zod-openapi';
import {
  mailboxItemSchema,
  mailboxMessageSchema,
  mailboxQuery,
  mailPreferencesInput,
  mailPreferencesSchema,
  unsubscribeInfoSchema,
  unsubscribeQuery,
} from '../../shared/schemas/mail';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import {
  getMailboxMessage,
  getMyMailPreferences,
  listMailbox,
  setMyMailPreferences,
  unsubscribe,
  unsubscribeInfo,
} from './service';

const tags = ['mail'];
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** Email preferences, one-click unsubscribe, and the built-in mailbox (issue 19). */
export const mailRoutes = router()
  .openapi(
    apiRoute('getMailPreferences', 'session', {
      method: 'get',
      path: '/me/mail-preferences',
      tags,
      summary: 'Which optional emails the signed-in user gets (receipts and results are always sent).',
      responses: { ...jsonOk(mailPreferencesSchema), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => getMyMailPreferences(db, actor)),
  )
  .openapi(
    apiRoute('updateMailPreferences', 'session', {
      method: 'put',
      path: '/me/mail-preferences',
      tags,
      summary: 'Turn deadline reminders or updates on or off.',
      request: jsonBody(mailPreferencesInput),
      responses: { ...jsonOk(mailPreferencesSchema), ...errors(400, 401, 403) },
    }),
    (c) => ok(c, ({ db, clock, actor, body }) => setMyMailPreferences(db, clock, actor, body)),
  )
  .openapi(
    apiRoute('getUnsubscribe', 'public', {
      method: 'get',
      path: '/mail/unsubscribe',
      tags,
      summary:
        'What an unsubscribe link turns off (the signed token is the authority; no sign-in). A link works for 90 days: an older one answers 422 with fields.token "expired".',
      request: { query: unsubscribeQuery },
      responses: { ...jsonOk(unsubscribeInfoSchema), ...errors(400, 422) },
    }),
    (c) => ok(c, ({ db, clock, config, query }) => unsubscribeInfo(db, clock, config, query.token)),
  )
  .openapi(
    apiRoute('unsubscribe', 'public', {
      method: 'post',
      path: '/mail/unsubscribe',
      tags,
      summary:
        'Unsubscribe (RFC 8058 one-click: mail clients POST List-Unsubscribe=One-Click; the page’s button too).',
      request: { query: unsubscribeQuery },
      responses: { ...jsonOk(unsubscribeInfoSchema), ...errors(400, 422) },
    }),
    (c) => ok(c, ({ db, clock, config, query }) => unsubscribe(db, clock, config, query.token)),
  )
  .openapi(
    apiRoute('listMailbox', 'session', {
      method: 'get',
      path: '/super/mailbox',
      tags,
      summary: 'The built-in mailbox (no SMTP_URL): delivered emails, newest first. Super admins.',
      request: { query: mailboxQuery },
      responses: { ...jsonOk(list(mailboxItemSchema)), ...errors(400, 401, 403) },
    }),
    (c) => ok(c, ({ db, actor, query }) => listMailbox(db, actor, query)),
  )
  .openapi(
    apiRoute('getMailboxMessage', 'session', {
      method: 'get',
      path: '/super/mailbox/{id}',
      tags,
      summary: 'One email of the built-in mailbox as its recipient received it (HTML and text).',
      request: { params: z.object({ id: z.string().uuid('Message ids must be UUIDs.') }) },
      responses: { ...jsonOk(mailboxMessageSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getMailboxMessage(db, actor, param.id)),
  );
