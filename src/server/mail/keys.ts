import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS } from '../../shared/domain/unsubscribe';
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

/**
 * The key unsubscribe links are signed with: derived from the server secret (BETTER_AUTH_SECRET) by
 * HKDF-SHA256 with a purpose label of its own, so it is never the session key itself and a link
 * cannot be a valid signature for anything else (issue 33, decision 052).
 */
export const unsubscribeKey = (secret: string): Buffer => derivedKey(secret, 'applyhub unsubscribe links v2');

const keys = new Map<string, Buffer>();
/**
 * A 32-byte key for one purpose, derived from the server secret by HKDF-SHA256 (salt `applyhub`,
 * info the purpose label): each purpose has a key of its own, none of them the secret itself.
 */
export function derivedKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'applyhub', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

const signature = (secret: string, userId: string, category: string, expires: string) =>
  createHmac('sha256', unsubscribeKey(secret))
    .update(`unsubscribe:v2:${userId}:${category}:${expires}`)
    .digest('base64url')
    .slice(0, 32);

const UUID = /^[0-9a-f-]{36}$/i;

/**
 * A link token that unsubscribes one user from one category until `UNSUBSCRIBE_LINK_DAYS` after
 * `sentAt`: `userId.category.expiry(unix seconds, base 36).signature`.
 */
export function unsubscribeToken(
  secret: string,
  userId: string,
  category: OptionalCategory,
  sentAt: Date,
): string {
  const expires = Math.floor(sentAt.getTime() / 1000 + UNSUBSCRIBE_LINK_DAYS * 86_400).toString(36);
  return `${userId}.${category}.${expires}.${signature(secret, userId, category, expires)}`;
}

/**
 * The user and category of a token, `'expired'` for a genuine token past its expiry (and for a token
 * of the first form, which carried no expiry and was signed with the session secret: those are
 * refused with the expiry page), or null for anything else.
 */
export function readUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): { userId: string; category: OptionalCategory } | 'expired' | null {
  const parts = token.split('.');
  if (!(optionalCategories as string[]).includes(parts[1]) || !UUID.test(parts[0])) return null;
  if (parts.length === 3) return /^[\w-]{32}$/.test(parts[2]) ? 'expired' : null;
  const [userId, category, expires, sig] = parts;
  if (parts.length !== 4 || !/^[0-9a-z]{1,10}$/.test(expires) || !sig) return null;
  const expected = Buffer.from(signature(secret, userId, category, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number.parseInt(expires, 36) * 1000 <= now.getTime()) return 'expired';
  return { userId, category: category as OptionalCategory };
}
