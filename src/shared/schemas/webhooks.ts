import { z } from 'zod';
import {
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOK_URL_LENGTH,
  webhookEventTypes,
  webhookMessages,
} from '../domain/webhooks';

const eventList = z
  .array(z.enum(webhookEventTypes))
  .min(1, webhookMessages.eventsRequired)
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);

export const webhookEndpointInput = z.object({
  url: z.string().trim().min(1, webhookMessages.urlInvalid).max(MAX_WEBHOOK_URL_LENGTH),
  description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION).nullish(),
  events: eventList,
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

/** A partial update; `enabled: true` turns a disabled endpoint back on (its failure count restarts). */
export const webhookEndpointUpdate = z.object({
  url: webhookEndpointInput.shape.url.optional(),
  description: webhookEndpointInput.shape.description,
  events: eventList.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdate>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Failed attempts in a row since the last success. */
  failure_count: z.number().int(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  /** Until when the previous secret still signs too (after a rotation). */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  items: z.array(webhookEndpointSchema),
  total: z.number().int(),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** Create and rotate: the signing secret, shown this once. */
export const webhookSecretResultSchema = z.object({
  message: z.string(),
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookSecretResult = z.infer<typeof webhookSecretResultSchema>;

export const webhookEndpointResultSchema = z.object({ message: z.string(), endpoint: webhookEndpointSchema });
export type WebhookEndpointResult = z.infer<typeof webhookEndpointResultSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  /** The webhook-id header: the same on every attempt of this delivery. */
  message_id: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** The first bytes (at most 1 KB) of the endpoint's last answer. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** When the queue tries again (pending after a failed attempt). */
  next_retry_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_PAGE = 25;
export const webhookDeliveryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(WEBHOOK_DELIVERY_PAGE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryResultSchema = z.object({ message: z.string(), delivery: webhookDeliverySchema });
export type WebhookDeliveryResult = z.infer<typeof webhookDeliveryResultSchema>;

export const webhookMessageSchema = z.object({ message: z.string() });
