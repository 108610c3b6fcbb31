import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applicationStatuses } from '../../../shared/domain/applications';
import { user } from './auth';
import { programs } from './programs';

export { applicationStatuses };

/** One application per applicant and program. Answers map question key → value. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatuses }).notNull().default('draft'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    profileSnapshot: jsonb('profile_snapshot').$type<Record<string, unknown>>(),
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Withdrawn by the applicant (status 'withdrawn'), with their optional reason (issue 31). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    /** A personal close time set by an admin for this applicant, with its note (issue 31; shared/domain/deadlines). */
    personalCloseAt: timestamp('personal_close_at', { withTimezone: true }),
    personalCloseNote: text('personal_close_note'),
    /** Submitted during the program's grace period (after close). */
    late: boolean('late').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_program_user_key').on(t.programId, t.userId),
    index('applications_user_idx').on(t.userId, t.updatedAt),
    index('applications_program_status_idx').on(t.programId, t.status),
    // All Reviews lists submitted applications without a review newest first (reviews area).
    index('applications_submitted_idx')
      .on(sql`coalesce(${t.submittedAt}, ${t.updatedAt}) desc`)
      .where(sql`${t.status} <> 'draft'`),
  ],
);
