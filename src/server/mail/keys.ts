import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { MailCategory } from './templates';

/**
 * The idempotency key of an email: kind + recipient + the entity it is about + that entity's version.
 * The same key is queued once, ever (mail_messages.key is unique).
 */
export function mailKey(
  kind: string,
  recipient: { userId?: string | null; email: string },
  entity: string,
  version: string | number = 1,
): string {
  return `${kind}:${recipient.userId ?? recipient.email.trim().toLowerCase()}:${entity}:v${version}`;
}

/** The left part of the Message-ID, derived from the key: every delivery of one email carries the same. */
export function messageIdLocal(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 40);
}

export function messageIdFor(local: string, fromAddress: string): string {
  const domain = fromAddress.split('@')[1] || 'applyhub.local';
  return `<${local}@${domain}>`;
}

/** Categories a person can unsubscribe from. */
export type OptionalCategory = Exclude<MailCategory, 'essential'>;
export const optionalCategories: OptionalCategory[] = ['reminders', 'updates'];

const signature = (secret: string, userId: string, category: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${category}`).digest('base64url').slice(0, 32);

/** A link token that unsubscribes one user from one category; it never expires (RFC 8058 links must not). */
export function unsubscribeToken(secret: string, userId: string, category: OptionalCategory): string {
  return `${userId}.${category}.${signature(secret, userId, category)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; category: OptionalCategory } | null {
  const [userId, category, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !sig) return null;
  if (!(optionalCategories as string[]).includes(category)) return null;
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const expected = Buffer.from(signature(secret, userId, category));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, category: category as OptionalCategory };
}
