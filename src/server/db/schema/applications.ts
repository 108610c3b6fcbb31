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
import { applicationStatuses } from '../../../shared/domain/applications';
import type { ChangeScope } from '../../../shared/domain/change-requests';
import { user } from './auth';
import { programs } from './programs';

export { applicationStatuses };

/** One application per applicant and program. Answers map question key → value. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatuses }).notNull().default('draft'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    profileSnapshot: jsonb('profile_snapshot').$type<Record<string, unknown>>(),
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Withdrawn by the applicant (status 'withdrawn'), with their optional reason (issue 31). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    /** A personal close time set by an admin for this applicant, with its note (issue 31; shared/domain/deadlines). */
    personalCloseAt: timestamp('personal_close_at', { withTimezone: true }),
    personalCloseNote: text('personal_close_note'),
    /** The expiry of the late-submission link this applicant redeemed (decision 064; null when revoked). */
    lateCloseAt: timestamp('late_close_at', { withTimezone: true }),
    /** Submitted during the program's grace period (after close). */
    late: boolean('late').notNull().default(false),
    /**
     * Changes requested by an admin (issue 31 item 1; decision 063): open while `changes_due_at` is
     * in the future and not resubmitted. The scope says which questions the applicant may change;
     * their edits go to `changes_answers` until they resubmit (the submitted answers stay as they
     * were for everyone else, and stay so when the due date passes unanswered).
     */
    changesDueAt: timestamp('changes_due_at', { withTimezone: true }),
    changesMessage: text('changes_message'),
    changesScope: jsonb('changes_scope').$type<ChangeScope>(),
    changesRequestedAt: timestamp('changes_requested_at', { withTimezone: true }),
    changesRequestedBy: uuid('changes_requested_by').references(() => user.id, { onDelete: 'set null' }),
    changesAnswers: jsonb('changes_answers').$type<Record<string, unknown>>(),
    /** How many versions were submitted (0: a draft) and when the latest resubmission came (null: never). */
    submissionVersion: integer('submission_version').notNull().default(0),
    resubmittedAt: timestamp('resubmitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_program_user_key').on(t.programId, t.userId),
    index('applications_user_idx').on(t.userId, t.updatedAt),
    index('applications_program_status_idx').on(t.programId, t.status),
    // All Reviews lists submitted applications without a review newest first (reviews area).
    index('applications_submitted_idx')
      .on(sql`coalesce(${t.submittedAt}, ${t.updatedAt}) desc`)
      .where(sql`${t.status} <> 'draft'`),
  ],
);

/** Every submitted version of an application (decision 063): version 1 is the first submission. */
export const applicationVersions = pgTable(
  'application_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** The answers as submitted; file answers carry their stored objects (the files of this version). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    submittedBy: uuid('submitted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('application_versions_application_number_key').on(t.applicationId, t.number)],
);

/**
 * An invitation to a later stage of a program (issue 32, decision 066): the applicant's submitted
 * application of the previous stage (`from_application_id`) and the draft created for them in the
 * stage program (`application_id`). One per application and stage, so a repeated bulk invitation
 * is idempotent. Withdrawn (before the applicant submits the stage): `withdrawn_at`/`withdrawn_by`.
 */
export const stageInvitations = pgTable(
  'stage_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromApplicationId: uuid('from_application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    stageProgramId: uuid('stage_program_id')
      .notNull()
      .references(() => programs.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    invitedBy: uuid('invited_by').references(() => user.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('stage_invitations_from_stage_key').on(t.fromApplicationId, t.stageProgramId),
    uniqueIndex('stage_invitations_application_key').on(t.applicationId),
    index('stage_invitations_stage_idx').on(t.stageProgramId, t.invitedAt),
  ],
);
