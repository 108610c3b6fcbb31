import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const featuredSections = pgTable(
  'featured_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionType: text('section_type', { enum: ['carousel', 'gallery'] }).notNull(),
    header: text('header').notNull(),
    slug: text('slug').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    active: boolean('active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('featured_sections_slug_key').on(t.slug),
    index('featured_sections_order_idx').on(t.sortIndex),
  ],
);

export const featuredItems = pgTable(
  'featured',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => featuredSections.id, { onDelete: 'cascade' }),
    placement: text('placement').notNull().default('dashboard'),
    targetType: text('target_type', { enum: ['org', 'program', 'coalition'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    title: text('title'),
    description: text('description'),
    cardColor: text('card_color'),
    buttonColor: text('button_color'),
    buttonLabel: text('button_label'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('featured_section_target_key').on(t.sectionId, t.targetType, t.targetId),
    index('featured_section_order_idx').on(t.sectionId, t.sortIndex),
  ],
);
