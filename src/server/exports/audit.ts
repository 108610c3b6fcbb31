import { type SQL, sql } from 'drizzle-orm';
import { auditActionLabel } from '../../shared/domain/audit';
import type { AuditFilter } from '../../shared/schemas/audit';
import { type AuditScope, auditWhere } from '../audit/queries';
import { auditLog } from '../db/schema';
import { afterCondition, limitClause, type Raw, type RowQuery } from './rows';
import type { Column } from './writers';

/** The filtered audit log, oldest first (the file reads as a history). */
export function auditRowsQuery(scope: AuditScope, f: AuditFilter): RowQuery {
  return (after, limit) => sql`
    select ${auditLog.id}::text as row_id, ${auditLog.id}::text as sort_key, *
    from ${auditLog}
    where ${auditWhere(scope, f) ?? sql`true`}
      ${afterCondition({ expr: sql`${auditLog.id}`, type: 'bigint' }, { expr: sql`${auditLog.id}`, type: 'bigint' }, after)}
    order by ${auditLog.id}
    ${limitClause(limit)}`;
}

export function auditCountQuery(scope: AuditScope, f: AuditFilter): SQL {
  return sql`select count(*)::int as n from ${auditLog} where ${auditWhere(scope, f) ?? sql`true`}`;
}

export const auditColumns: Column<Raw>[] = [
  { header: 'Time (UTC)', value: (r) => new Date(r.at as string), time: true, width: 18 },
  {
    header: 'Actor',
    value: (r) => (r.actor_email as string | null) ?? (r.actor_id ? null : 'System'),
    width: 28,
  },
  { header: 'Via', value: (r) => r.via as string | null },
  { header: 'Action', value: (r) => auditActionLabel(String(r.action)), width: 28 },
  { header: 'Action code', value: (r) => String(r.action), width: 26 },
  { header: 'Target type', value: (r) => String(r.target_type) },
  { header: 'Target', value: (r) => r.target_label as string | null, width: 30 },
  { header: 'Target ID', value: (r) => r.target_id as string | null, width: 38 },
  { header: 'Summary', value: (r) => String(r.summary), width: 60 },
];
