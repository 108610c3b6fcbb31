import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../db/per-database';
import { apiTokens, organizations, user } from '../db/schema';
import { liveUserActorSql } from '../users/queries';

const listColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  hint: apiTokens.hint,
  createdAt: apiTokens.createdAt,
  createdByEmail: user.email,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
};
export type ApiTokenRow = {
  id: string;
  name: string;
  scope: 'read' | 'read_write';
  hint: string;
  createdAt: Date;
  createdByEmail: string | null;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** The organization's tokens, newest first (revoked and expired ones too: the list shows them). */
export async function listOrgTokens(db: Db, orgId: string): Promise<ApiTokenRow[]> {
  return db
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(user, eq(user.id, apiTokens.createdBy))
    .where(eq(apiTokens.organizationId, orgId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(500);
}

export async function orgToken(db: Db, orgId: string, id: string): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(user, eq(user.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.organizationId, orgId), eq(apiTokens.id, id)));
  return row ?? null;
}

/** Live (not revoked, not expired) tokens of the organization at `now`. */
export async function liveTokenCount(db: Db, orgId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(eq(apiTokens.organizationId, orgId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)),
    );
  return row?.n ?? 0;
}

export async function insertToken(db: Db, values: typeof apiTokens.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  return row;
}

/** Revokes a live token; false when it was already revoked. */
export async function revokeTokenRow(db: Db, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * A token by the hash of its secret, with its live organization and its creator's actor (live,
 * onboarded; `actor_*` columns, see liveUserActorSql) in one statement: the per-request work of a
 * bearer request. No row: no such token, its organization is deleted or its creator is.
 */
const tokenStatement = perDatabase((db) =>
  db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      organizationId: apiTokens.organizationId,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      creator: sql<Record<string, unknown> | null>`(select row_to_json(a) from (${liveUserActorSql(
        sql`${apiTokens.createdBy}`,
      )}) a)`,
    })
    .from(apiTokens)
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(organizations.deletedAt)))
    .prepare('api_token_actor'),
);

export async function tokenByHash(db: Db, hash: string) {
  const [row] = await tokenStatement(db).execute({ hash });
  return row ?? null;
}

/**
 * Marks the token used today; true only for the first use of the UTC day (`dayStart`), so exactly
 * one request of the day records it, whatever runs at once.
 */
export async function markUsedToday(db: Db, id: string, now: Date, dayStart: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, id),
        sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < ${dayStart.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
