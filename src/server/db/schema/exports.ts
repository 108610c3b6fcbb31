import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** When a user accepted the personal-data notice that comes before their first download (exports area). */
export const personalDataNotices = pgTable('personal_data_notices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});
