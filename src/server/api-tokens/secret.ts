import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../shared/domain/api-tokens';

/** A new secret: the prefix and 32 random bytes (256 bits), base64url. Shown once, never stored. */
export function newTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * What is stored and looked up: the SHA-256 of the secret (hex). The secret has 256 bits of
 * entropy, so a fast hash is enough (no salt or slow hash needed, unlike passwords).
 */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The first characters of a secret, shown in the list to tell tokens apart. */
export const tokenHint = (secret: string) => `${secret.slice(0, API_TOKEN_PREFIX.length + 6)}…`;

/** A string shaped like one of our secrets (cheap check before any lookup). */
export const looksLikeTokenSecret = (value: string) =>
  value.startsWith(API_TOKEN_PREFIX) && /^[A-Za-z0-9_-]{20,100}$/.test(value.slice(API_TOKEN_PREFIX.length));
