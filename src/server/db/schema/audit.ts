import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (decision 038): one row per state change of consequence, written in the same
 * transaction as the change. Append-only: the code has no path that updates or deletes a row, and a
 * trigger refuses UPDATE, DELETE and TRUNCATE (migration audit_log_append_only). No foreign keys: an
 * entry outlives the user, program or organization it names, so names are kept as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Insertion order: the list pages by it (newest first). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who acted; null for the system (a scheduled job). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** How, when not a browser session: an API token, for instance ('token:<name>'). */
    via: text('via'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    /** The organization whose log shows the entry; null: the platform's (super admins only). */
    organizationId: uuid('organization_id'),
    /** A short before/after summary. */
    summary: text('summary').notNull(),
  },
  (t) => [
    index('audit_log_org_idx').on(t.organizationId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_actor_email_idx').on(sql`lower(${t.actorEmail}) text_pattern_ops`),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
