import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record';
import type { Deps } from '../context';
import type { Db } from '../db/client';
import { organizations, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { type Job, PermanentJobError, registerJobHandler } from '../jobs';
import { type OutgoingEmail, queueEmails } from '../mail';
import './events';
import { rowsOf } from '../db/rows';
import { postWebhook } from './http';
import { deliveryWithEndpoint } from './queries';
import { signedHeaders } from './signing';

export const ENDPOINT_OFF = 'The endpoint was turned off before this delivery was sent.';

/** Retries of an event's delivery: 60 s doubling with jitter, 10 retries, giving up after ~17–34 h (~24 h). */
export const WEBHOOK_RETRY = { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true } as const;

/** The secrets that sign now: the current one, and the previous one until it expires. */
function signingSecrets(e: typeof webhookEndpoints.$inferSelect, now: Date): string[] {
  const previous = e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now;
  return previous ? [e.secret, e.previousSecret!] : [e.secret];
}

/**
 * Delivers one webhook (the `webhooks.deliver` job), at least once: a delivery no longer pending is
 * left alone; every attempt sends the same body and webhook-id, signed afresh with the time of the
 * attempt (receivers compare it with their clock, so it is the real time, not the injected clock).
 * A 2xx answer succeeds; anything else is retried by the queue with backoff; an address that is
 * refused fails at once. The attempt is recorded on the delivery, and on the endpoint's streak.
 */
export async function deliverWebhook(job: Job<'webhooks.deliver'>, deps: Deps): Promise<void> {
  const { db, clock, config } = deps;
  const row = await deliveryWithEndpoint(db, job.data.deliveryId);
  if (row?.d.status !== 'pending') return;
  const { d, e } = row;
  if (!e.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: ENDPOINT_OFF })
      .where(eq(webhookDeliveries.id, d.id));
    return;
  }
  const sentAt = new Date();
  const headers = signedHeaders(signingSecrets(e, clock.now()), d.messageId, sentAt, d.payload);
  const result = await postWebhook(e.url, d.payload, headers, {
    timeoutMs: config.webhooks.timeoutMs,
    allowPrivate: config.webhooks.allowPrivate,
    ports: config.webhooks.ports,
  });
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: result.status,
        durationMs: result.durationMs,
        responseExcerpt: result.excerpt,
        error: result.error,
        lastAttemptAt: now,
        ...(result.ok ? { status: 'succeeded' as const, deliveredAt: now } : {}),
      })
      .where(eq(webhookDeliveries.id, d.id));
    await tx
      .update(webhookEndpoints)
      .set(
        result.ok
          ? { failureCount: 0, lastSuccessAt: now }
          : { failureCount: sql`${webhookEndpoints.failureCount} + 1`, lastFailureAt: now },
      )
      .where(eq(webhookEndpoints.id, e.id));
  });
  if (result.ok) return;
  if (result.refused) throw new PermanentJobError(result.error ?? 'Refused.');
  throw new Error(result.error ?? 'Failed.');
}

/**
 * A delivery that failed for good. When it was an event's full schedule of retries (not a resend or
 * a test, which try once) and nothing succeeded on the endpoint since its first attempt (the
 * endpoint's streak of failures is at least as long as this delivery's attempts), the endpoint is
 * turned off with the reason and the organization's admins are told, in one transaction.
 */
export async function deliveryGaveUp(job: Job<'webhooks.deliver'>, error: Error, deps: Deps): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [d] = await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', error: error.message.slice(0, 500) })
      .where(and(eq(webhookDeliveries.id, job.data.deliveryId), eq(webhookDeliveries.status, 'pending')))
      .returning({ endpointId: webhookDeliveries.endpointId });
    if (!d || job.attempts <= 1) return;
    const reason =
      `Turned off after ${job.attempts} failed attempts in a row. Last error: ${error.message}`.slice(0, 500);
    const [e] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
      .where(
        and(
          eq(webhookEndpoints.id, d.endpointId),
          eq(webhookEndpoints.enabled, true),
          sql`${webhookEndpoints.failureCount} >= ${job.attempts}`,
        ),
      )
      .returning();
    if (!e) return;
    await recordAudit(tx, {
      actor: null,
      action: 'webhook.disabled',
      target: { type: 'webhook', id: e.id, label: e.url },
      orgId: e.organizationId,
      summary: reason,
      at: now,
    });
    await tellAdmins(tx, e, error.message, now);
  });
}

/** The email to the organization's admins that an endpoint was turned off (once per turning off). */
async function tellAdmins(tx: Db, e: typeof webhookEndpoints.$inferSelect, lastError: string, at: Date) {
  const [org] = await tx
    .select({ name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, e.organizationId));
  if (!org) return;
  const admins = rowsOf<{ user_id: string; email: string; name: string | null }>(
    await tx.execute(sql`
      select distinct a.user_id, u.email, coalesce(pr.full_name, nullif(u.name, '')) as name
      from assignments a
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where a.status = 'active' and pr.deleted_at is null
        and a.kind = 'org_admin' and a.scope_type = 'org' and a.scope_id = ${e.organizationId}`),
  );
  const emails: OutgoingEmail<'webhook_disabled'>[] = admins.map((a) => ({
    kind: 'webhook_disabled',
    to: { email: a.email, userId: a.user_id },
    about: { entity: `webhook:${e.id}`, version: at.toISOString() },
    organizationId: e.organizationId,
    data: { name: a.name, orgName: org.name, orgSlug: org.slug, url: e.url, reason: lastError.slice(0, 300) },
  }));
  await queueEmails(tx, emails as OutgoingEmail[]);
}

registerJobHandler('webhooks.deliver', deliverWebhook, {
  ...WEBHOOK_RETRY,
  // An attempt takes at most WEBHOOKS_TIMEOUT (≤ 30 s): a job still active after a minute was lost.
  timeoutSeconds: 60,
  batchSize: 20,
  concurrency: 10,
  onFailure: deliveryGaveUp,
});
