import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { programs } from './programs';

/**
 * The history of a program's transitions: who did what, when, from which status to which.
 * The spec's stamps (last submitted/approved/published/changes requested/unpublished at/by,
 * pending changes at/by) are the latest row of each kind.
 */
export const programEvents = pgTable(
  'program_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('program_events_program_idx').on(t.programId, t.at)],
);
