import { and, desc, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { auditActionKeys } from '../../shared/domain/audit';
import type { AuditEntry, AuditFilter } from '../../shared/schemas/audit';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/** Whose entries: every one (super admins) or one organization's. */
export type AuditScope = { all: true } | { all: false; orgId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const prefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The WHERE of a filtered list (scope always applied). */
export function auditWhere(scope: AuditScope, f: AuditFilter, beforeId?: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (!scope.all) conditions.push(eq(auditLog.organizationId, scope.orgId));
  if (f.actor) {
    conditions.push(
      UUID.test(f.actor)
        ? eq(auditLog.actorId, f.actor)
        : like(sql`lower(${auditLog.actorEmail})`, prefix(f.actor)),
    );
  }
  if (f.action) {
    conditions.push(
      (auditActionKeys as string[]).includes(f.action)
        ? eq(auditLog.action, f.action)
        : like(auditLog.action, `${f.action}.%`),
    );
  }
  if (f.target_type) conditions.push(eq(auditLog.targetType, f.target_type));
  if (f.target) {
    conditions.push(
      or(eq(auditLog.targetId, f.target), like(sql`lower(${auditLog.targetLabel})`, prefix(f.target))),
    );
  }
  if (f.from) conditions.push(gte(auditLog.at, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) conditions.push(lt(auditLog.at, nextDay(f.to)));
  if (beforeId !== undefined) conditions.push(lt(auditLog.id, beforeId));
  return and(...conditions);
}

export function toEntry(r: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    actor_id: r.actorId,
    actor_email: r.actorEmail,
    via: r.via,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    target_label: r.targetLabel,
    organization_id: r.organizationId,
    summary: r.summary,
  };
}

/** One page newest first, after the entry `beforeId` when given; one row more tells if a next page exists. */
export async function auditPage(db: Db, scope: AuditScope, f: AuditFilter, limit: number, beforeId?: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditWhere(scope, f, beforeId))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const items = rows.slice(0, limit).map(toEntry);
  return { items, next_cursor: more ? items[items.length - 1].id : null };
}

/** Matching entries counted up to `cap` + 1 (an exact count of a long log is not worth its time). */
export async function auditCount(db: Db, scope: AuditScope, f: AuditFilter, cap: number) {
  const limited = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(auditWhere(scope, f))
    .limit(cap + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return Number(row?.n ?? 0);
}
