/**
 * Webhooks (decision 045). Another area tells the organization's systems of a change with one call,
 * inside the transaction of that change (the outbox):
 *
 *   await emitWebhookEvent(tx, {
 *     type: 'application.submitted',
 *     scope: { programId },                 // or { organizationId }
 *     key: `application.submitted:${id}`,   // once per endpoint
 *     data: { application_id: id, program_id: programId },
 *     at: now,
 *   });
 *
 * The `webhooks.deliver` job signs (Standard Webhooks) and POSTs it, with retries.
 */
export { emitWebhookEvent, emitWebhookEvents, type WebhookEvent } from './events';
