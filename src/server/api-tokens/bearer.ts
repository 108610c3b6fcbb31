import type { MiddlewareHandler } from 'hono';
import { apiTokenMessages, READ_METHODS } from '../../shared/domain/api-tokens';
import { type Actor, type ApiTokenGrant, can } from '../../shared/policy';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { AppEnv } from '../context';
import { errorBody } from '../http/errors';
import type { TakeToken } from '../http/rate-limit';
import { logger, noteRequestActor } from '../log/logger';
import { actorOfRow } from '../users/queries';
import { markUsedToday, tokenByHash } from './queries';
import { hashTokenSecret, looksLikeTokenSecret } from './secret';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The secret of an `Authorization: Bearer <secret>` header; null without one (not a token request). */
export function bearerSecret(header: string | undefined): string | null {
  return header?.match(BEARER)?.[1] ?? null;
}

/** True when the request authenticates with a bearer token (so it carries no ambient authority). */
export const isBearerRequest = (header: string | undefined) => bearerSecret(header) !== null;

/**
 * The actor a token's request acts as: its creator, holding org admin of the token's organization
 * and nothing else (never super admin), and only while the creator may still administer it.
 */
function tokenActor(creator: Actor, token: ApiTokenGrant): Actor | null {
  if (!can(creator, { kind: 'org:admin', orgId: token.orgId })) return null;
  return {
    userId: creator.userId,
    email: creator.email,
    role: 'admin',
    deleted: false,
    onboarded: true,
    orgAdmin: [token.orgId],
    coalitionManager: [],
    reviewerOrgs: [],
    reviewerPrograms: [],
    programAdmin: [],
    apiToken: token,
  };
}

const unauthorized = (message: string) =>
  new Response(JSON.stringify(errorBody('unauthenticated', message)), {
    status: 401,
    headers: {
      'Content-Type': 'application/json',
      'WWW-Authenticate': 'Bearer realm="ApplyHub", error="invalid_token"',
      'Cache-Control': 'no-store',
    },
  });

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * Personal API tokens (decision 040). A request with `Authorization: Bearer <secret>` is checked here:
 * an unknown, expired or revoked token (or one whose creator may no longer administer its
 * organization) answers 401; a read token refuses writes (403); each token has its own rate budget
 * (429). A good token sets `apiTokenActor` and clears any cookie session's actor: routes that accept
 * tokens make it their actor (http/openapi.ts), every other route sees a visitor or refuses.
 * The first use of each UTC day goes to the audit log (and sets `last_used_at`): one cheap write a day.
 */
export function bearerTokens(opts: { take: TakeToken; clock: Clock }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = bearerSecret(c.req.header('authorization'));
    if (secret === null) return next();
    const { db } = c.get('deps');
    c.set('actor', null);
    if (!looksLikeTokenSecret(secret)) return unauthorized(apiTokenMessages.invalid);
    const row = await tokenByHash(db, hashTokenSecret(secret));
    const now = opts.clock.now();
    if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime() || !row.creator) {
      return unauthorized(apiTokenMessages.invalid);
    }
    const grant = { id: row.id, name: row.name, orgId: row.organizationId, scope: row.scope };
    const actor = tokenActor(await actorOfRow(db, row.creator), grant);
    if (!actor) return unauthorized(apiTokenMessages.invalid);
    noteRequestActor(actor.userId, grant);
    c.set('apiTokenActor', actor);

    if (row.scope === 'read' && !READ_METHODS.has(c.req.method)) {
      return c.json(errorBody('forbidden', apiTokenMessages.readOnly), 403);
    }
    const retryAfter = await opts.take(row.id, now.getTime());
    if (retryAfter !== null) {
      c.header('Retry-After', String(retryAfter));
      return c.json(errorBody('rate_limited', apiTokenMessages.rateLimited), 429);
    }
    const dayStart = startOfUtcDay(now);
    if (!row.lastUsedAt || row.lastUsedAt.getTime() < dayStart.getTime()) {
      await db.transaction(async (tx) => {
        if (!(await markUsedToday(tx, row.id, now, dayStart))) return;
        await recordAudit(tx, {
          actor,
          action: 'api_token.used',
          target: { type: 'api_token', id: row.id, label: row.name },
          orgId: row.organizationId,
          summary: `first use on ${dayStart.toISOString().slice(0, 10)}: ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)}`,
          at: now,
        });
      });
      logger().info({ token_name: row.name }, 'api token used for the first time today');
    }
    await next();
  };
}
