import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { programTypes, reviewStatuses } from '../../../shared/domain/programs';
import type { ApplicationForm, ReviewerForm } from '../../../shared/schemas/forms';
import { user } from './auth';
import { coalitions, organizations } from './orgs';

export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    slug: text('slug'),
    type: text('type', { enum: programTypes }).notNull().default('audition'),
    description: text('description'),
    openAt: timestamp('open_at', { withTimezone: true }),
    closeAt: timestamp('close_at', { withTimezone: true }),
    /** Minutes after close during which drafts already started may still be submitted, marked late (issue 31). 0: off. */
    graceMinutes: integer('grace_minutes').notNull().default(0),
    published: boolean('published').notNull().default(false),
    publishedScope: text('published_scope', { enum: ['org', 'coalition'] }),
    publishedBy: uuid('published_by').references(() => user.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedCoalitionId: uuid('published_coalition_id').references(() => coalitions.id),
    reviewStatus: text('review_status', { enum: reviewStatuses }).notNull().default('draft'),
    reviewNote: text('review_note'),
    requiresSuperApproval: boolean('requires_super_approval').notNull().default(false),
    /** The live (or working) application form: questions, common-app options, profile sections. */
    form: jsonb('form').$type<ApplicationForm>().notNull(),
    /** Changes to a live form waiting for super admin approval. */
    pendingForm: jsonb('pending_form').$type<ApplicationForm>(),
    reviewerForm: jsonb('reviewer_form').$type<ReviewerForm>(),
    /** Deadline reminders to drafters, hours before close_at (issue 19); empty: none. */
    reminderHours: integer('reminder_hours').array().notNull().default(sql`'{72,24}'::integer[]`),
    /** Applications are deleted this many months after close_at (issue 33); null: kept (the default). */
    retentionMonths: integer('retention_months'),
    /**
     * Programs in stages (issue 32, decision 066): a later stage is a program of its own whose
     * `parent_program_id` is the stage-1 program; null for stage 1 and for ordinary programs.
     */
    parentProgramId: uuid('parent_program_id').references((): AnyPgColumn => programs.id),
    /** 1 for stage 1 and ordinary programs; 2..n for later stages. */
    stageNumber: integer('stage_number').notNull().default(1),
    /** A later stage's reviewers see the previous stage's aggregate score and decision. */
    stageShowPreviousScores: boolean('stage_show_previous_scores').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('programs_org_idx').on(t.organizationId, t.createdAt),
    index('programs_public_idx').on(t.published, t.deletedAt, t.createdAt),
    index('programs_review_status_idx').on(t.reviewStatus),
    uniqueIndex('programs_parent_stage_key').on(t.parentProgramId, t.stageNumber),
  ],
);
