import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FileInfo } from '../../../shared/schemas/files';

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
