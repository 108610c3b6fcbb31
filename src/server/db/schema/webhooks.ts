import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { organizations } from './orgs';

/**
 * An organization's webhook endpoints (decision 045). `secret` is the Standard Webhooks signing
 * secret (`whsec_` + base64), shown once at creation or rotation; after a rotation the previous one
 * also signs until `previous_secret_expires_at`. `failure_count` counts failed attempts in a row
 * (any success resets it); an endpoint whose delivery gave up with no success meanwhile is disabled
 * (`enabled` false, with the reason) until an admin turns it back on.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    failureCount: integer('failure_count').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt)],
);

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

/**
 * One event for one endpoint, written in the transaction of the change (the outbox) and delivered
 * by the `webhooks.deliver` job. `payload` is the exact body sent (the same bytes on every attempt);
 * `message_id` is the webhook-id header. `(endpoint_id, event_key)` makes an event once-only per
 * endpoint. `job_key` names its current job (a resend gets a new one), to read its next retry.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventKey: text('event_key').notNull(),
    messageId: text('message_id').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    resends: integer('resends').notNull().default(0),
    jobKey: text('job_key').notNull(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventKey),
    // The delivery log of an endpoint, newest first.
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt.desc(), t.id),
  ],
);
