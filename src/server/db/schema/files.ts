import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { user } from './auth';

/**
 * Every stored object, by its storage path (the spec's object paths). Who may read it follows from
 * its owner and, for application files, its application's program.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Set for files uploaded to an application's file question or attached to a message on it. */
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['resume', 'portfolio', 'answer', 'logo', 'message'] }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_path_key').on(t.path),
    index('files_owner_idx').on(t.ownerId),
    index('files_application_idx').on(t.applicationId),
  ],
);
