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
import { applications } from './applications';
import { user } from './auth';
import { programs } from './programs';
import { reviews } from './reviews';

export interface PublicationVisibility {
  decision: boolean;
  score: boolean;
  comments: boolean;
  customMessage: string | null;
}

export interface PublicationPayload {
  decision: string | null;
  score: number | null;
  comments: string | null;
}

/**
 * A finalized review's result published to its applicant: one per application (publishing again is a
 * no-op). The payload holds only the fields whose visibility is on; hidden ones are stored as null.
 */
export const publications = pgTable(
  'publications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    /** The applicant. */
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    visibility: jsonb('visibility').$type<PublicationVisibility>().notNull(),
    payload: jsonb('payload').$type<PublicationPayload>().notNull(),
    publishedBy: uuid('published_by').references(() => user.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1 when published; each correction adds one (its "your result was updated" email is keyed by it). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('publications_application_key').on(t.applicationId),
    index('publications_user_idx').on(t.userId, t.publishedAt),
    index('publications_program_idx').on(t.programId),
  ],
);

export const notificationTypes = ['results_published'] as const;

/** In-app notifications; written in the same transaction as the change they announce (the outbox). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
