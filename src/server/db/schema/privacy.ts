import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Accounts their owners deleted (issue 33, decision 056). The user row stays, anonymised, so the
 * organizations keep their counts, scores and decisions; `number` is the N of "Deleted applicant #N".
 * Nothing here names the person.
 */
export const accountErasures = pgTable('account_erasures', {
  number: integer('number').primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
});
