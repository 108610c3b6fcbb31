import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

export const assignmentKinds = ['org_admin', 'coalition_manager', 'reviewer', 'program_admin'] as const;
export const assignmentScopes = ['org', 'program', 'coalition'] as const;
export const assignmentStatuses = ['active', 'revoked'] as const;

/**
 * Every role a user holds over a scope: org admin (org), coalition manager (coalition),
 * reviewer (org or program), program admin (program). Revoked rows grant nothing.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: assignmentKinds }).notNull(),
    scopeType: text('scope_type', { enum: assignmentScopes }).notNull(),
    scopeId: uuid('scope_id').notNull(),
    status: text('status', { enum: assignmentStatuses }).notNull().default('active'),
    createdBy: uuid('created_by').references(() => user.id),
    /**
     * A grant another assignment made (the org admin's reviewer role, given on visiting the admin hub):
     * revoking or removing that assignment removes this one too (DESIGN §5 rule 14). Null: granted by
     * someone in its own right.
     */
    derivedFromAssignmentId: uuid('derived_from_assignment_id').references(
      (): AnyPgColumn => assignments.id,
      { onDelete: 'cascade' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assignments_unique').on(t.userId, t.kind, t.scopeType, t.scopeId),
    index('assignments_scope_idx').on(t.scopeType, t.scopeId, t.kind),
    // The super admin's assignments tabs: one kind, most recently changed first.
    index('assignments_kind_idx').on(t.kind, t.updatedAt),
    index('assignments_derived_idx')
      .on(t.derivedFromAssignmentId)
      .where(sql`${t.derivedFromAssignmentId} is not null`),
  ],
);
