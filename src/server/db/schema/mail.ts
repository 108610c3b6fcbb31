import { sql } from 'drizzle-orm';
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
import { user } from './auth';
import { organizations } from './orgs';
import { programs } from './programs';

export const mailStatuses = ['pending', 'sent', 'failed', 'skipped'] as const;

/**
 * Every email the product sends (decision 034): written in the transaction of the change that
 * causes it, delivered by the `mail.send` job. `key` (kind + recipient + subject entity + version)
 * makes it once-only; `message_id` is derived from it, so a repeated delivery is the same email.
 * `data` is what the kind's template renders (at delivery, with the organization's sender name).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    toUserId: uuid('to_user_id').references(() => user.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    /** Display name of the sender (the organization's name, or ApplyHub). */
    fromName: text('from_name').notNull(),
    replyTo: text('reply_to'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    messageId: text('message_id').notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed (or why it was not sent). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_messages_key').on(t.key),
    // Delivery status of a program's result emails.
    index('mail_messages_program_idx').on(t.programId, t.kind, t.status),
    index('mail_messages_user_idx').on(t.toUserId),
  ],
);

/**
 * The built-in mailbox (no SMTP_URL): what was delivered, as its recipient receives it. One row per
 * Message-ID, so a repeated delivery adds nothing.
 */
export const mailbox = pgTable(
  'mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull(),
    toAddress: text('to_address').notNull(),
    fromHeader: text('from_header').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mailbox_message_id_key').on(t.messageId),
    index('mailbox_received_idx').on(t.receivedAt.desc(), t.id),
    index('mailbox_to_idx').on(sql`lower(${t.toAddress})`),
  ],
);

/** What non-essential mail a user gets (no row: everything). Receipts and results are always sent. */
export const mailPreferences = pgTable('mail_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  reminders: boolean('reminders').notNull().default(true),
  updates: boolean('updates').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
