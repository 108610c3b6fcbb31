import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { programs } from './programs';

/**
 * Eligibility screening outcomes (issue 29 item 2, decision 061): the latest answers of each
 * applicant to a program's screening, whether they passed, which pass rules (by position) did not
 * hold, and the fingerprint (sha-256) of the screening they answered: a pass counts only while the
 * program's live screening has the same fingerprint.
 */
export const screeningResults = pgTable(
  'screening_results',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    passed: boolean('passed').notNull(),
    failedRules: jsonb('failed_rules').$type<number[]>().notNull().default([]),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    screeningHash: text('screening_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.userId] }),
    index('screening_results_program_hash_idx').on(t.programId, t.screeningHash),
  ],
);
