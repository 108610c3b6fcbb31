import { sql } from 'drizzle-orm';
import {
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
import { applications } from './applications';
import { user } from './auth';
import { programs } from './programs';

/** Stored review statuses; 'not_started' is the absence of a row. */
export const reviewStatuses = ['draft', 'submitted'] as const;

/**
 * One shared (collaborative) review per application. `ratings` holds the decision and any extra
 * criteria; `decision` mirrors ratings.decision so lists can show and filter it. `program_id` is
 * denormalized from the application so the review lists filter by program on an index.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    score: doublePrecision('score'),
    comments: text('comments'),
    ratings: jsonb('ratings').$type<Record<string, unknown>>().notNull().default({}),
    decision: text('decision'),
    status: text('status', { enum: reviewStatuses }).notNull().default('draft'),
    /** The last editor (the spec's reviewer_id / reviewer_name). */
    reviewerId: uuid('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_application_key').on(t.applicationId),
    index('reviews_program_updated_idx').on(t.programId, t.updatedAt),
    index('reviews_updated_idx').on(sql`coalesce(${t.submittedAt}, ${t.updatedAt}) desc`),
    index('reviews_reviewer_idx').on(t.reviewerId),
  ],
);
