import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS } from '../../shared/domain/unsubscribe';
import { derivedKey } from '../mail/keys';

/*
 * Keys of the recommender's emails (decision 065), each derived from the server secret
 * (BETTER_AUTH_SECRET) by HKDF with a purpose of its own, like the unsubscribe links (decision 052).
 */

/** A new link token (32 random bytes, base64url) and the SHA-256 hash stored in its place. */
export function newLetterToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLetterToken(token) };
}

export const hashLetterToken = (token: string) => createHash('sha256').update(token).digest('hex');

const SEAL = 'applyhub letter links v1';
const UNSUBSCRIBE = 'applyhub letter reminder unsubscribe v1';

/**
 * The link's token sealed for the request's row (AES-256-GCM, the request id as associated data, so
 * a sealed value means nothing on another row): `iv.ciphertext.tag`, base64url. Only the server,
 * with its secret, opens it again — to put the same link in a reminder.
 */
export function sealLetterToken(secret: string, requestId: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secret, SEAL), iv);
  cipher.setAAD(Buffer.from(requestId));
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The token sealed by {@link sealLetterToken}, or null (none stored, another secret, altered). */
export function openLetterToken(secret: string, requestId: string, sealed: string | null): string | null {
  const parts = sealed?.split('.') ?? [];
  if (parts.length !== 3) return null;
  try {
    const [iv, data, tag] = parts.map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(secret, SEAL), iv);
    decipher.setAAD(Buffer.from(requestId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const signature = (secret: string, requestId: string, expires: string) =>
  createHmac('sha256', derivedKey(secret, UNSUBSCRIBE))
    .update(`letter-reminders:v1:${requestId}:${expires}`)
    .digest('base64url')
    .slice(0, 32);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A link that stops the reminders of one letter request (and nothing else), working for
 * UNSUBSCRIBE_LINK_DAYS after its email was sent, like every unsubscribe link:
 * `requestId.expiry(unix seconds, base 36).signature`.
 */
export function letterUnsubscribeToken(secret: string, requestId: string, sentAt: Date): string {
  const expires = Math.floor(sentAt.getTime() / 1000 + UNSUBSCRIBE_LINK_DAYS * 86_400).toString(36);
  return `${requestId}.${expires}.${signature(secret, requestId, expires)}`;
}

/** The request of a genuine link, `'expired'` for a genuine one past its expiry, or null. */
export function readLetterUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): { requestId: string } | 'expired' | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [requestId, expires, sig] = parts;
  if (!UUID.test(requestId) || !/^[0-9a-z]{1,10}$/.test(expires)) return null;
  const expected = Buffer.from(signature(secret, requestId, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number.parseInt(expires, 36) * 1000 <= now.getTime()) return 'expired';
  return { requestId };
}
