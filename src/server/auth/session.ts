import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { hasBearer } from '../http/security';
import { noteRequestActor } from '../log/logger';
import { loadSessionActor, type SessionCheck } from '../users/queries';
import { SESSION_UPDATE_AGE_SECONDS } from '../users/session-age';

const COOKIE = /(?:^|;\s*)(?:__Secure-)?applyhub\.session_token=([^;]+)/;

/**
 * The session token of a Cookie header, when its signature (better-auth's: HMAC-SHA256 of the token
 * with the auth secret, base64) is right; null otherwise.
 */
export function sessionToken(cookie: string | undefined, secret: string): string | null {
  const raw = cookie?.match(COOKIE)?.[1];
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * The request's session, to be checked inside a statement of its own before any middleware loads it
 * (decision 031); null without a well-signed session cookie, and for a request with an API token
 * (which acts as the token alone, decision 040). Sessions live in wall-clock time.
 */
export function sessionCheck(c: Context<AppEnv>): SessionCheck | null {
  if (hasBearer(c.req.header('authorization'))) return null;
  const token = sessionToken(c.req.header('cookie'), c.get('deps').config.authSecret);
  return token ? { token, now: new Date() } : null;
}

/**
 * Resolves the acting user once per request: the session and its user, role and assignments in
 * one statement (no session cookie cache, so sign-out and soft delete apply on the next request).
 * A soft-deleted user is treated as signed out. A session due for renewal (older than better-auth's
 * update age) goes through better-auth once, which extends it.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { auth, db, config } = c.get('deps');
    c.set('actor', null);
    // A request with an API token acts as the token alone (api-tokens/bearer.ts), never its cookie.
    const token = hasBearer(c.req.header('authorization'))
      ? null
      : sessionToken(c.req.header('cookie'), config.authSecret);
    if (token) {
      const found = await loadSessionActor(db, token);
      const now = Date.now();
      if (found && found.expiresAt.getTime() > now) {
        if (now - found.updatedAt.getTime() > SESSION_UPDATE_AGE_SECONDS * 1000) {
          await auth.api.getSession({ headers: c.req.raw.headers });
        }
        if (!found.actor.deleted) {
          c.set('actor', found.actor);
          noteRequestActor(found.actor.userId);
        }
      }
    }
    await next();
  };
}
