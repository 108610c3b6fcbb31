import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../shared/domain/webhooks';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { enqueueJobs } from '../jobs';
import { messageIdFor } from './signing';

declare module '../jobs/registry' {
  interface JobTypes {
    'webhooks.deliver': { deliveryId: string };
  }
}

export interface WebhookEvent {
  type: WebhookEventType;
  /** Whose endpoints hear it: the organization, or the organization that owns the program. */
  scope: { organizationId: string } | { programId: string };
  /** Makes the event once-only per endpoint (and derives its webhook-id). */
  key: string;
  /** Ids and a few non-sensitive fields: never answers, emails or names of people. */
  data: Record<string, unknown>;
  at: Date;
}

/**
 * The one call other areas make (inside the transaction of their change): a delivery for each of the
 * organization's enabled endpoints subscribed to this event, and its job, committed with the change
 * or not at all. One statement when nobody listens; three when somebody does.
 */
export async function emitWebhookEvent(tx: Db, event: WebhookEvent): Promise<number> {
  const payload = JSON.stringify({ type: event.type, timestamp: event.at.toISOString(), data: event.data });
  const org =
    'organizationId' in event.scope
      ? sql`${event.scope.organizationId}::uuid`
      : sql`(select organization_id from programs where id = ${event.scope.programId})`;
  const result = await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, organization_id, event_type, event_key, message_id,
      payload, job_key, created_at)
    select e.id, e.organization_id, ${event.type}, ${event.key}, ${messageIdFor(event.key)}, ${payload},
      gen_random_uuid()::text, ${event.at.toISOString()}::timestamptz
    from webhook_endpoints e
    where e.organization_id = ${org} and e.enabled and ${event.type} = any(e.events)
    on conflict (endpoint_id, event_key) do nothing
    returning id, job_key`);
  const rows = rowsOf<{ id: string; job_key: string }>(result);
  await enqueueJobs(
    tx,
    'webhooks.deliver',
    rows.map((r) => ({ data: { deliveryId: r.id }, key: r.job_key })),
  );
  return rows.length;
}

/**
 * Many events of one organization in one statement whatever their number (inviting 10,000
 * applicants to a stage): a delivery per event and subscribed endpoint, and their jobs. Each event
 * is once-only per endpoint by its key, as with {@link emitWebhookEvent}.
 */
export async function emitWebhookEvents(
  tx: Db,
  organizationId: string,
  events: Omit<WebhookEvent, 'scope'>[],
): Promise<number> {
  if (events.length === 0) return 0;
  const types = [...new Set(events.map((e) => e.type))];
  // Nobody listens (the common case): one small statement, no payloads built.
  const listening = rowsOf<{ type: string }>(
    await tx.execute(sql`
      select distinct t.type from webhook_endpoints e, unnest(e.events) as t(type)
      where e.organization_id = ${organizationId} and e.enabled
        and t.type in (select jsonb_array_elements_text(${JSON.stringify(types)}::jsonb))`),
  ).map((r) => r.type);
  if (listening.length === 0) return 0;
  const rows = events
    .filter((e) => listening.includes(e.type))
    .map((e) => ({
      type: e.type,
      key: e.key,
      message_id: messageIdFor(e.key),
      payload: JSON.stringify({ type: e.type, timestamp: e.at.toISOString(), data: e.data }),
      at: e.at.toISOString(),
    }));
  const result = await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, organization_id, event_type, event_key, message_id,
      payload, job_key, created_at)
    select e.id, e.organization_id, x.type, x.key, x.message_id, x.payload, gen_random_uuid()::text, x.at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(type text, key text, message_id text, payload text, at timestamptz)
    join webhook_endpoints e on e.organization_id = ${organizationId} and e.enabled and x.type = any(e.events)
    on conflict (endpoint_id, event_key) do nothing
    returning id, job_key`);
  const created = rowsOf<{ id: string; job_key: string }>(result);
  await enqueueJobs(
    tx,
    'webhooks.deliver',
    created.map((r) => ({ data: { deliveryId: r.id }, key: r.job_key })),
  );
  return created.length;
}
