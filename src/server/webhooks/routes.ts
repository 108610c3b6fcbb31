import { z } from '@hono/zod-openapi';
import {
  webhookDeliveryPageSchema,
  webhookDeliveryQuery,
  webhookDeliveryResultSchema,
  webhookEndpointInput,
  webhookEndpointListSchema,
  webhookEndpointResultSchema,
  webhookEndpointUpdate,
  webhookMessageSchema,
  webhookSecretResultSchema,
} from '../../shared/schemas/webhooks';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { slugParam } from '../http/params';
import { orgAdmins } from '../programs/who';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './service';

const tags = ['webhooks'];
const uuid = (what: string) => z.string().uuid(`${what} ids must be UUIDs.`);
const endpointParams = slugParam.extend({ id: uuid('Endpoint') });
const deliveryParams = endpointParams.extend({ deliveryId: uuid('Delivery') });

/** An organization's webhook endpoints and their delivery logs (org admins and super admins). */
export const webhookRoutes = router()
  .openapi(
    apiRoute('listWebhookEndpoints', 'session', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/webhooks',
      tags,
      summary: "The organization's webhook endpoints (never their secrets).",
      request: { params: slugParam },
      responses: { ...jsonOk(webhookEndpointListSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => listEndpoints(db, clock, actor, param.slug)),
  )
  .openapi(
    apiRoute('createWebhookEndpoint', 'session', {
      who: orgAdmins,
      method: 'post',
      path: '/orgs/{slug}/webhooks',
      tags,
      summary: 'Register an endpoint for chosen events; answers its signing secret, this once.',
      request: { params: slugParam, ...jsonBody(webhookEndpointInput) },
      responses: {
        201: {
          description: 'Created',
          content: { 'application/json': { schema: webhookSecretResultSchema } },
        },
        ...errors(400, 401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const { db, clock, config } = c.get('deps');
      const { slug } = c.req.valid('param');
      return c.json(await createEndpoint(db, clock, config, c.get('actor'), slug, c.req.valid('json')), 201);
    },
  )
  .openapi(
    apiRoute('updateWebhookEndpoint', 'session', {
      who: orgAdmins,
      method: 'patch',
      path: '/orgs/{slug}/webhooks/{id}',
      tags,
      summary: 'Change an endpoint’s address, description or events, or turn it off or back on.',
      request: { params: endpointParams, ...jsonBody(webhookEndpointUpdate) },
      responses: { ...jsonOk(webhookEndpointResultSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    (c) =>
      ok(c, ({ db, clock, config, actor, param, body }) =>
        updateEndpoint(db, clock, config, actor, param.slug, param.id, body),
      ),
  )
  .openapi(
    apiRoute('deleteWebhookEndpoint', 'session', {
      who: orgAdmins,
      method: 'delete',
      path: '/orgs/{slug}/webhooks/{id}',
      tags,
      summary: 'Delete an endpoint and its delivery log.',
      request: { params: endpointParams },
      responses: { ...jsonOk(webhookMessageSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => deleteEndpoint(db, clock, actor, param.slug, param.id)),
  )
  .openapi(
    apiRoute('rotateWebhookSecret', 'session', {
      who: orgAdmins,
      method: 'post',
      path: '/orgs/{slug}/webhooks/{id}/rotate-secret',
      tags,
      summary: 'Replace the signing secret (shown once); the old one also signs for 24 hours.',
      request: { params: endpointParams },
      responses: { ...jsonOk(webhookSecretResultSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => rotateSecret(db, clock, actor, param.slug, param.id)),
  )
  .openapi(
    apiRoute('listWebhookDeliveries', 'session', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/webhooks/{id}/deliveries',
      tags,
      summary: 'An endpoint’s delivery log, newest first: status, answer code, duration, attempts.',
      request: { params: endpointParams, query: webhookDeliveryQuery },
      responses: { ...jsonOk(webhookDeliveryPageSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param, query }) => listDeliveries(db, actor, param.slug, param.id, query)),
  )
  .openapi(
    apiRoute('resendWebhookDelivery', 'session', {
      who: orgAdmins,
      method: 'post',
      path: '/orgs/{slug}/webhooks/{id}/deliveries/{deliveryId}/resend',
      tags,
      summary: 'Send a delivery again now (same body and webhook-id, one attempt).',
      request: { params: deliveryParams },
      responses: { ...jsonOk(webhookDeliveryResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, actor, param }) => resendDelivery(db, actor, param.slug, param.id, param.deliveryId)),
  )
  .openapi(
    apiRoute('sendWebhookTestEvent', 'session', {
      who: orgAdmins,
      method: 'post',
      path: '/orgs/{slug}/webhooks/{id}/test',
      tags,
      summary: 'Send a webhook.test event to this endpoint (one attempt).',
      request: { params: endpointParams },
      responses: { ...jsonOk(webhookDeliveryResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => sendTestEvent(db, clock, actor, param.slug, param.id)),
  );
