import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeAfter } from '../../shared/domain/audit';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  webhookMessages,
  webhookUrlProblem,
} from '../../shared/domain/webhooks';
import type { Actor } from '../../shared/policy';
import type {
  WebhookDeliveryPage,
  WebhookDeliveryResult,
  WebhookEndpointList,
  WebhookEndpointResult,
  WebhookSecretResult,
  webhookDeliveryQuery,
  webhookEndpointInput,
  webhookEndpointUpdate,
} from '../../shared/schemas/webhooks';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { liveOrgBySlug } from '../discovery/queries';
import { Conflict, Invalid, NotFound } from '../errors';
import { enqueueJob, retriesOf } from '../jobs';
import { addressAllowed, portAllowed } from './address';
import './deliver';
import { isIP } from 'node:net';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import {
  countEndpoints,
  deliveryOf,
  deliveryPage,
  endpointOf,
  endpointsOf,
  toDelivery,
  toEndpoint,
} from './queries';
import { messageIdFor, newWebhookSecret } from './signing';

/** How long a rotated-out secret keeps signing (receivers switch within it). */
export const PREVIOUS_SECRET_HOURS = 24;

interface OrgAccess {
  orgId: string;
  orgName: string;
  actor: Actor;
}

/** Webhooks are managed by the organization's admins (and super admins). */
async function orgAccess(db: Db, actor: Actor | null, slug: string): Promise<OrgAccess> {
  const org = await liveOrgBySlug(db, slug);
  if (!org) throw new NotFound('Organization not found.');
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  return { orgId: org.id, orgName: org.name, actor: me };
}

/** One entry in the organization's audit log, in the transaction of the change. */
function audit(
  tx: Db,
  access: OrgAccess,
  action: Parameters<typeof recordAudit>[1]['action'],
  endpoint: { id: string; url: string },
  summary: string,
  at: Date,
) {
  return recordAudit(tx, {
    actor: access.actor,
    action,
    target: { type: 'webhook', id: endpoint.id, label: endpoint.url },
    orgId: access.orgId,
    summary,
    at,
  });
}

async function endpointIn(db: Db, access: OrgAccess, id: string, opts?: { lock?: boolean }) {
  const row = await endpointOf(db, access.orgId, id, opts);
  if (!row) throw new NotFound(webhookMessages.notFound);
  return row;
}

/**
 * The address rules: https (http too with WEBHOOKS_ALLOW_PRIVATE=1), no credentials, a port of
 * WEBHOOKS_PORTS (443 and 80 unless configured), and an IP
 * address written in the URL must be one webhooks may reach. Names are resolved only when
 * delivering (and checked then, every time).
 */
function checkUrl(config: Config, url: string) {
  const allowPrivate = config.webhooks.allowPrivate;
  const problem = webhookUrlProblem(url, { allowHttp: allowPrivate });
  if (problem) throw new Invalid(problem, { url: problem });
  if (!portAllowed(new URL(url), config.webhooks.ports))
    throw new Invalid(webhookMessages.portNotAllowed, { url: webhookMessages.portNotAllowed });
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  if ((literal && !addressAllowed(host, allowPrivate)) || (!allowPrivate && /^localhost\.?$/i.test(host)))
    throw new Invalid(webhookMessages.privateAddress, { url: webhookMessages.privateAddress });
}

export async function listEndpoints(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
): Promise<WebhookEndpointList> {
  const access = await orgAccess(db, actor, slug);
  const now = clock.now();
  const items = (await endpointsOf(db, access.orgId)).map((r) => toEndpoint(r, now));
  return { items, total: items.length };
}

export async function createEndpoint(
  db: Db,
  clock: Clock,
  config: Config,
  actor: Actor | null,
  slug: string,
  input: z.output<typeof webhookEndpointInput>,
): Promise<WebhookSecretResult> {
  const access = await orgAccess(db, actor, slug);
  checkUrl(config, input.url);
  const now = clock.now();
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // Serialises creations per organization, so the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${access.orgId}`}))`);
    if ((await countEndpoints(tx, access.orgId)) >= MAX_WEBHOOK_ENDPOINTS)
      throw new Conflict(webhookMessages.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId: access.orgId,
        url: input.url,
        description: input.description || null,
        events: input.events,
        secret,
        createdBy: access.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, access, 'webhook.created', created, `events: ${created.events.join(', ')}`, now);
    return created;
  });
  return { message: webhookMessages.created, endpoint: toEndpoint(row, now), secret };
}

export async function updateEndpoint(
  db: Db,
  clock: Clock,
  config: Config,
  actor: Actor | null,
  slug: string,
  id: string,
  input: z.output<typeof webhookEndpointUpdate>,
): Promise<WebhookEndpointResult> {
  const access = await orgAccess(db, actor, slug);
  if (input.url !== undefined) checkUrl(config, input.url);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await endpointIn(tx, access, id, { lock: true });
    const reenable = input.enabled === true && !current.enabled;
    const turnOff = input.enabled === false && current.enabled;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        // Back on: a fresh start (the streak that turned it off is over).
        ...(reenable ? { enabled: true, disabledReason: null, disabledAt: null, failureCount: 0 } : {}),
        ...(turnOff
          ? { enabled: false, disabledReason: `Turned off by ${access.actor.email}.`, disabledAt: now }
          : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    const fields = (e: typeof current) => ({
      url: e.url,
      description: e.description,
      events: e.events.join(', '),
    });
    const changed = beforeAfter(fields(current), fields(updated));
    if (changed) await audit(tx, access, 'webhook.edited', updated, changed, now);
    if (reenable) await audit(tx, access, 'webhook.enabled', updated, 'enabled: no → yes', now);
    if (turnOff) await audit(tx, access, 'webhook.disabled', updated, 'enabled: yes → no', now);
    return updated;
  });
  const message = input.enabled === true ? webhookMessages.enabled : webhookMessages.updated;
  return { message, endpoint: toEndpoint(row, now) };
}

export async function deleteEndpoint(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
  id: string,
): Promise<{ message: string }> {
  const access = await orgAccess(db, actor, slug);
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, access.orgId)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!gone) throw new NotFound(webhookMessages.notFound);
    await audit(tx, access, 'webhook.deleted', gone, 'deleted: no → yes', clock.now());
  });
  // Its deliveries go with it (cascade); their queued jobs find nothing and do nothing.
  return { message: webhookMessages.deleted };
}

/** A new secret, shown once; the previous one keeps signing for a day, so receivers can switch. */
export async function rotateSecret(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
  id: string,
): Promise<WebhookSecretResult> {
  const access = await orgAccess(db, actor, slug);
  const now = clock.now();
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const current = await endpointIn(tx, access, id, { lock: true });
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3600_000),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    await audit(tx, access, 'webhook.secret_rotated', updated, 'the previous secret signs for 24 hours', now);
    return updated;
  });
  return { message: webhookMessages.rotated, endpoint: toEndpoint(row, now), secret };
}

/** An endpoint's deliveries, newest first, with when a pending one is retried. */
export async function listDeliveries(
  db: Db,
  actor: Actor | null,
  slug: string,
  id: string,
  query: z.output<typeof webhookDeliveryQuery>,
): Promise<WebhookDeliveryPage> {
  const access = await orgAccess(db, actor, slug);
  const endpoint = await endpointIn(db, access, id);
  const page = await deliveryPage(db, endpoint.id, query.limit, query.offset);
  const pendingKeys = page.items.filter((d) => d.status === 'pending').map((d) => d.jobKey);
  const retries = await retriesOf(db, 'webhooks.deliver', pendingKeys);
  return {
    items: page.items.map((d) => toDelivery(d, retries.get(d.jobKey) ?? null)),
    total: page.total,
  };
}

/**
 * Sends a delivery again (one attempt, now): same body and webhook-id, so a receiver that already
 * has it can tell. A delivery still pending is sent now instead of at its next retry.
 */
export async function resendDelivery(
  db: Db,
  actor: Actor | null,
  slug: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryResult> {
  const access = await orgAccess(db, actor, slug);
  const row = await db.transaction(async (tx) => {
    const endpoint = await endpointIn(tx, access, endpointId, { lock: true });
    if (!endpoint.enabled) throw new Conflict(webhookMessages.disabled);
    const current = await deliveryOf(tx, endpoint.id, deliveryId);
    if (!current) throw new NotFound(webhookMessages.deliveryNotFound);
    const jobKey = `${current.id}:resend:${current.resends + 1}`;
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', resends: current.resends + 1, jobKey, error: null })
      .where(eq(webhookDeliveries.id, current.id))
      .returning();
    await enqueueJob(tx, 'webhooks.deliver', { deliveryId: current.id }, { key: jobKey, retryLimit: 0 });
    return updated;
  });
  return { message: webhookMessages.resent, delivery: toDelivery(row, null) };
}

/** A `webhook.test` event to this endpoint alone (one attempt), to check it receives and verifies. */
export async function sendTestEvent(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
  endpointId: string,
): Promise<WebhookDeliveryResult> {
  const access = await orgAccess(db, actor, slug);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const endpoint = await endpointIn(tx, access, endpointId, { lock: true });
    if (!endpoint.enabled) throw new Conflict(webhookMessages.disabled);
    const key = `${WEBHOOK_TEST_EVENT}:${randomUUID()}`;
    const payload = JSON.stringify({
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { organization_id: access.orgId, endpoint_id: endpoint.id },
    });
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        organizationId: access.orgId,
        eventType: WEBHOOK_TEST_EVENT,
        eventKey: key,
        messageId: messageIdFor(key),
        payload,
        jobKey: key,
        createdAt: now,
      })
      .returning();
    await enqueueJob(tx, 'webhooks.deliver', { deliveryId: created.id }, { key, retryLimit: 0 });
    return created;
  });
  return { message: webhookMessages.testSent, delivery: toDelivery(row, null) };
}
