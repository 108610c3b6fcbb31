import { and, count, desc, eq } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/schemas/webhooks';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An endpoint as the API shows it: never its secrets. */
export function toEndpoint(row: EndpointRow, now: Date): WebhookEndpoint {
  const previousValid =
    row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: iso(row.disabledAt),
    failure_count: row.failureCount,
    last_success_at: iso(row.lastSuccessAt),
    last_failure_at: iso(row.lastFailureAt),
    previous_secret_expires_at: previousValid ? iso(row.previousSecretExpiresAt) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow, nextRetry: Date | null): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.eventType,
    message_id: row.messageId,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    delivered_at: iso(row.deliveredAt),
    next_retry_at: row.status === 'pending' && nextRetry ? nextRetry.toISOString() : null,
  };
}

export async function endpointsOf(db: Db, orgId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, orgId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function countEndpoints(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, orgId));
  return row.n;
}

/** One endpoint of this organization (another organization's is simply not found). */
export async function endpointOf(
  db: Db,
  orgId: string,
  id: string,
  { lock = false } = {},
): Promise<EndpointRow | null> {
  const q = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, orgId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function deliveryOf(db: Db, endpointId: string, id: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row ?? null;
}

export async function deliveryPage(db: Db, endpointId: string, limit: number, offset: number) {
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return { items, total };
}

/** A delivery with the endpoint it goes to (the delivery job's one read). */
export async function deliveryWithEndpoint(db: Db, id: string) {
  const [row] = await db
    .select({ d: webhookDeliveries, e: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}
