import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FileInfo } from '../../../shared/schemas/files';
import { user } from './auth';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    /** Organization settings (issue 19): shown on the public page; the contact is its emails' reply-to. */
    website: text('website'),
    contactEmail: text('contact_email'),
    logo: jsonb('logo').$type<FileInfo>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organizations_slug_key').on(t.slug),
    index('organizations_created_idx').on(t.createdAt),
  ],
);

export const coalitions = pgTable(
  'coalitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('coalitions_slug_key').on(t.slug)],
);

export const coalitionMemberships = pgTable(
  'coalition_memberships',
  {
    coalitionId: uuid('coalition_id')
      .notNull()
      .references(() => coalitions.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.coalitionId, t.organizationId] }),
    index('coalition_memberships_org_idx').on(t.organizationId),
  ],
);

/**
 * When each admin last opened an organization's admin home (issue 33 item 20): its "new since your
 * last visit" counts start at `previous_visit_at`. A visit more than 30 minutes after the last one
 * moves `last_visit_at` into `previous_visit_at`, so reloading the home does not reset the counts.
 */
export const orgAdminVisits = pgTable(
  'org_admin_visits',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }).notNull(),
    previousVisitAt: timestamp('previous_visit_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] })],
);
