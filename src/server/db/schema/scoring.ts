import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Criterion } from '../../../shared/domain/scoring';
import { applications } from './applications';
import { user } from './auth';
import { programs } from './programs';

/**
 * A program's review settings beside its reviewer form (decision 035). No row: the defaults (shared
 * review, sheets shown after submitting, identity shown, nothing hidden, no rubric).
 */
export const programScoring = pgTable('program_scoring', {
  programId: uuid('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['shared', 'independent'] })
    .notNull()
    .default('shared'),
  sheetVisibility: text('sheet_visibility', { enum: ['never', 'after_submit', 'always'] })
    .notNull()
    .default('after_submit'),
  blind: boolean('blind').notNull().default(false),
  hiddenQuestions: jsonb('hidden_questions').$type<string[]>().notNull().default([]),
  criteria: jsonb('criteria').$type<Criterion[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One reviewer's score sheet for one application; the row is also the assignment (status 'assigned'
 * until the reviewer saves). `total` is the sheet's 0–100 total (shared/domain/scoring.ts sheetTotal),
 * stored so aggregates and sorting run in SQL.
 */
export const scoreSheets = pgTable(
  'score_sheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['assigned', 'draft', 'submitted'] })
      .notNull()
      .default('assigned'),
    scores: jsonb('scores').$type<Record<string, number | null>>().notNull().default({}),
    abstain: boolean('abstain').notNull().default(false),
    comments: text('comments'),
    notes: text('notes'),
    total: doublePrecision('total'),
    version: integer('version').notNull().default(1),
    assignedBy: uuid('assigned_by').references(() => user.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reopenRequestedAt: timestamp('reopen_requested_at', { withTimezone: true }),
    reopenNote: text('reopen_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('score_sheets_application_reviewer_key').on(t.applicationId, t.reviewerId),
    index('score_sheets_program_reviewer_idx').on(t.programId, t.reviewerId, t.status),
    index('score_sheets_reviewer_idx').on(t.reviewerId),
  ],
);

/** A reviewer kept away from an application: marked by an admin, or declared by the reviewer (recusal). */
export const reviewConflicts = pgTable(
  'review_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['admin', 'declared'] }).notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('review_conflicts_application_reviewer_key').on(t.applicationId, t.reviewerId),
    index('review_conflicts_program_idx').on(t.programId, t.reviewerId),
  ],
);
