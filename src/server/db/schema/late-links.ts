import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { user } from './auth';
import { programs } from './programs';

/**
 * Late-submission links (issue 31 item 4, decision 064): an admin lets one person (`email`) or a
 * named group (`label`) start or finish an application after the program's close, `max_uses` times,
 * until `expires_at`. Only the token's SHA-256 is kept; the token is shown once.
 */
export const lateLinks = pgTable(
  'late_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** For one person: only this address (lower case) may redeem it. */
    email: text('email'),
    /** For a named group: the admin's word for whom it is. */
    label: text('label'),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('late_links_program_idx').on(t.programId, t.createdAt)],
);

/** Who redeemed a link, for which application: one use per person (opening it again is free). */
export const lateLinkRedemptions = pgTable(
  'late_link_redemptions',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => lateLinks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.userId] }),
    index('late_link_redemptions_application_idx').on(t.applicationId),
  ],
);
