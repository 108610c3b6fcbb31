import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { user } from './auth';
import { programs } from './programs';

/**
 * Messages on an application (issue 31 item 2, decision 059): one thread per application between its
 * applicant ('applicant') and the program's staff ('staff'). A staff message `as_organization` is
 * shown to the applicant under the organization's name, never the writer's.
 */
export const applicationMessages = pgTable(
  'application_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => user.id, { onDelete: 'set null' }),
    side: text('side', { enum: ['applicant', 'staff'] }).notNull(),
    asOrganization: boolean('as_organization').notNull().default(true),
    body: text('body').notNull(),
    /** Its attached files (ids in `files`, kind `message`), at most MAX_MESSAGE_FILES, in order. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_messages_thread_idx').on(t.applicationId, t.createdAt)],
);

/** How far each person has read each thread: what is newer and from the other side is unread. */
export const applicationMessageReads = pgTable(
  'application_message_reads',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId] }),
    index('application_message_reads_user_idx').on(t.userId),
  ],
);

/** A program's message setting: may its reviewers (not only its admins) read and write threads? Off by default. */
export const programMessageSettings = pgTable('program_message_settings', {
  programId: uuid('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  reviewersMayWrite: boolean('reviewers_may_write').notNull().default(false),
});
