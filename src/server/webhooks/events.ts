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
