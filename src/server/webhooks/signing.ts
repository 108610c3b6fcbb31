import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The webhook-id of an event: derived from its key, so every attempt and endpoint of it shares one. */
export function messageIdFor(eventKey: string): string {
  return `msg_${createHash('sha256').update(eventKey).digest('base64url').slice(0, 27)}`;
}

/**
 * The three Standard Webhooks headers for one attempt. `webhook-signature` is
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` computed by the `standardwebhooks` package; while a
 * rotated-out secret is still valid its signature follows, space-separated, so receivers that have
 * not updated yet keep verifying.
 */
export function signedHeaders(
  secrets: string[],
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(messageId, at, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
