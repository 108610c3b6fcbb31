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
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
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
const slugParam = z.object({ slug: z.string().min(1).max(100) });
const uuid = (what: string) => z.string().uuid(`${what} ids must be UUIDs.`);
const endpointParams = slugParam.extend({ id: uuid('Endpoint') });
const deliveryParams = endpointParams.extend({ deliveryId: uuid('Delivery') });

/** An organization's webhook endpoints and their delivery logs (org admins and super admins). */
export const webhookRoutes = router()
  .openapi(
    apiRoute('listWebhookEndpoints', 'session', {
      method: 'get',
      path: '/orgs/{slug}/webhooks',
      tags,
      summary: "The organization's webhook endpoints (never their secrets).",
      request: { params: slugParam },
      responses: { ...jsonOk(webhookEndpointListSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json(await listEndpoints(db, clock, c.get('actor'), c.req.valid('param').slug), 200);
    },
  )
  .openapi(
    apiRoute('createWebhookEndpoint', 'session', {
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
      method: 'patch',
      path: '/orgs/{slug}/webhooks/{id}',
      tags,
      summary: 'Change an endpoint’s address, description or events, or turn it off or back on.',
      request: { params: endpointParams, ...jsonBody(webhookEndpointUpdate) },
      responses: { ...jsonOk(webhookEndpointResultSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    async (c) => {
      const { db, clock, config } = c.get('deps');
      const { slug, id } = c.req.valid('param');
      return c.json(
        await updateEndpoint(db, clock, config, c.get('actor'), slug, id, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    apiRoute('deleteWebhookEndpoint', 'session', {
      method: 'delete',
      path: '/orgs/{slug}/webhooks/{id}',
      tags,
      summary: 'Delete an endpoint and its delivery log.',
      request: { params: endpointParams },
      responses: { ...jsonOk(webhookMessageSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      const { slug, id } = c.req.valid('param');
      return c.json(await deleteEndpoint(db, clock, c.get('actor'), slug, id), 200);
    },
  )
  .openapi(
    apiRoute('rotateWebhookSecret', 'session', {
      method: 'post',
      path: '/orgs/{slug}/webhooks/{id}/rotate-secret',
      tags,
      summary: 'Replace the signing secret (shown once); the old one also signs for 24 hours.',
      request: { params: endpointParams },
      responses: { ...jsonOk(webhookSecretResultSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      const { slug, id } = c.req.valid('param');
      return c.json(await rotateSecret(db, clock, c.get('actor'), slug, id), 200);
    },
  )
  .openapi(
    apiRoute('listWebhookDeliveries', 'session', {
      method: 'get',
      path: '/orgs/{slug}/webhooks/{id}/deliveries',
      tags,
      summary: 'An endpoint’s delivery log, newest first: status, answer code, duration, attempts.',
      request: { params: endpointParams, query: webhookDeliveryQuery },
      responses: { ...jsonOk(webhookDeliveryPageSchema), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const { slug, id } = c.req.valid('param');
      return c.json(
        await listDeliveries(c.get('deps').db, c.get('actor'), slug, id, c.req.valid('query')),
        200,
      );
    },
  )
  .openapi(
    apiRoute('resendWebhookDelivery', 'session', {
      method: 'post',
      path: '/orgs/{slug}/webhooks/{id}/deliveries/{deliveryId}/resend',
      tags,
      summary: 'Send a delivery again now (same body and webhook-id, one attempt).',
      request: { params: deliveryParams },
      responses: { ...jsonOk(webhookDeliveryResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { slug, id, deliveryId } = c.req.valid('param');
      return c.json(await resendDelivery(c.get('deps').db, c.get('actor'), slug, id, deliveryId), 200);
    },
  )
  .openapi(
    apiRoute('sendWebhookTestEvent', 'session', {
      method: 'post',
      path: '/orgs/{slug}/webhooks/{id}/test',
      tags,
      summary: 'Send a webhook.test event to this endpoint (one attempt).',
      request: { params: endpointParams },
      responses: { ...jsonOk(webhookDeliveryResultSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      const { slug, id } = c.req.valid('param');
      return c.json(await sendTestEvent(db, clock, c.get('actor'), slug, id), 200);
    },
  );
