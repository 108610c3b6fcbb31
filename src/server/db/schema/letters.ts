import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { applications } from './applications';
import { user } from './auth';
import { programs } from './programs';

/**
 * Reference letters (issue 30, decision 065). A request asks one recommender (no account) for a
 * letter through a link whose token is stored only as its SHA-256 hash; the letter itself is in
 * `letters`, which no applicant-facing route reads.
 */
export const letterRequests = pgTable(
  'letter_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    questionKey: text('question_key').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    relationship: text('relationship').notNull().default(''),
    message: text('message').notNull().default(''),
    state: text('state', {
      enum: ['requested', 'opened', 'submitted', 'declined', 'bounced', 'cancelled'],
    })
      .notNull()
      .default('requested'),
    declineReason: text('decline_reason'),
    /** SHA-256 (hex) of the link's token; a resend replaces it, so an older link stops working. */
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    /**
     * The link's token sealed (AES-256-GCM, a key derived from the server secret; `letters/keys.ts`),
     * so a reminder carries the link the recommender already has; a database read alone opens nothing.
     */
    tokenSealed: text('token_sealed'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** How many times the request email went (the first, and each resend). */
    sends: integer('sends').notNull().default(1),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    /** When each reminder went (each at most once per request; `letterReminderDue`). */
    remindedAfterRequestAt: timestamp('reminded_after_request_at', { withTimezone: true }),
    remindedBeforeDeadlineAt: timestamp('reminded_before_deadline_at', { withTimezone: true }),
    reminders: integer('reminders').notNull().default(0),
    /** The recommender asked for no more reminders about this request. */
    remindersOff: boolean('reminders_off').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('letter_requests_token_hash_key').on(t.tokenHash),
    index('letter_requests_application_idx').on(t.applicationId, t.createdAt),
    index('letter_requests_pending_idx').on(t.lastSentAt).where(sql`state in ('requested', 'opened')`),
  ],
);

/**
 * One letter per request (its draft until `submitted_at`): typed text and/or a stored file (key
 * `letters/<request id>/<random>.pdf`, never in the `files` table: it has no owner who may read it),
 * and the answers to the org's recommender questions.
 */
export const letters = pgTable('letters', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => letterRequests.id, { onDelete: 'cascade' }),
  text: text('text'),
  filePath: text('file_path'),
  fileName: text('file_name'),
  fileType: text('file_type'),
  fileSize: bigint('file_size', { mode: 'number' }),
  answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  /** Null: the recommender; else the admin who uploaded it on their behalf. */
  submittedBy: uuid('submitted_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A program's letter setting: may its reviewers read letters in a blind program? Off by default. */
export const programLetterSettings = pgTable('program_letter_settings', {
  programId: uuid('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  blindReviewersSeeLetters: boolean('blind_reviewers_see_letters').notNull().default(false),
});
