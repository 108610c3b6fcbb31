import { z } from 'zod';
import { privacyMessages, RETENTION_MONTHS_MAX } from '../domain/privacy';
import { programTypes, reviewStatuses } from '../domain/programs';
import { applicationFormSchema, reviewerFormSchema } from './forms';

const isoDate = z.string().datetime({ offset: true }).nullable();

/** A row of an organization's programs table (admin view). */
export const adminProgramSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  organization_slug: z.string(),
  name: z.string(),
  type: z.enum(programTypes),
  description: z.string().nullable(),
  open_at: isoDate,
  close_at: isoDate,
  review_status: z.enum(reviewStatuses),
  review_note: z.string().nullable(),
  requires_super_approval: z.boolean(),
  published: z.boolean(),
  published_scope: z.enum(['org', 'coalition']).nullable(),
  published_at: isoDate,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  /** Programs in stages (decision 066): the stage-1 program of a later stage (null otherwise). */
  parent_program_id: z.string().nullable().optional(),
  /** 1 for stage 1 and ordinary programs. */
  stage_number: z.number().int().optional(),
});
export type AdminProgram = z.infer<typeof adminProgramSchema>;

export const createProgramInput = z.object({
  name: z.string().trim().min(1, 'Program name is required.').max(200),
  type: z.enum(programTypes).default('audition'),
  description: z.string().trim().max(5000).optional().nullable(),
  open_at: isoDate.optional(),
  close_at: isoDate.optional(),
});
export type CreateProgramInput = z.input<typeof createProgramInput>;

/** What the application editor loads: the program, its state and the form being worked on. */
export const programEditorSchema = adminProgramSchema.extend({
  /** The form the editor edits: pending changes when there are any, else the live/working form. */
  form: applicationFormSchema,
  /** True when `form` is pending changes to a live form. */
  has_pending: z.boolean(),
  version: z.number().int(),
  coalitions: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
});
export type ProgramEditor = z.infer<typeof programEditorSchema>;

export const editorKind = z.enum(['org', 'coalition']);

export const saveFormInput = z.object({
  form: applicationFormSchema,
  /** The version the editor loaded: a stale save answers 409. */
  version: z.number().int(),
  editor: editorKind.default('org'),
  /** The coalition editor's coalition (required when editor is 'coalition'). */
  coalition_slug: z.string().optional(),
});
export type SaveFormInput = z.input<typeof saveFormInput>;

export const saveResultSchema = z.object({
  outcome: z.enum(['saved', 'pending_changes', 'submitted', 'published']),
  message: z.string(),
  program: programEditorSchema,
});
export type SaveResult = z.infer<typeof saveResultSchema>;

export const requestChangesInput = z.object({
  note: z.string().trim().min(1, 'Please provide a note explaining what needs to be changed.').max(5000),
});

export const transitionResultSchema = z.object({ message: z.string(), program: adminProgramSchema });

export const superProgramQuery = z.object({
  /** Comma-separated review statuses; all when absent. */
  status: z.string().max(200).optional(),
  deleted: z.enum(['true', 'false']).optional(),
});

export const orgProgramQuery = z.object({ deleted: z.enum(['true', 'false']).optional() });

export const previewSchema = z.object({
  program: adminProgramSchema,
  form: applicationFormSchema,
  source: z.enum(['pending', 'working']),
});

export const reviewerFormInput = reviewerFormSchema;

export const programEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string().nullable(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: z.string(),
});

export const startApplicationResult = z.object({ id: z.string(), created: z.boolean() });

/** Deadline reminders of a program: hours before close_at, biggest first; empty: off. */
export const REMINDER_CHOICES = [168, 72, 48, 24, 6] as const;
export const DEFAULT_REMINDER_HOURS = [72, 24];
export const reminderHoursSchema = z
  .array(
    z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
  )
  .max(5, 'At most 5 reminders.')
  .transform((hours) => [...new Set(hours)].sort((a, b) => b - a));

export const programScheduleSchema = z.object({
  open_at: z.string().nullable(),
  close_at: z.string().nullable(),
  reminder_hours: z.array(z.number().int()),
  /** Applications are deleted this many months after close_at (decision 056); null: kept. */
  retention_months: z.number().int().nullable(),
  /** Concurrency token of the schedule (not the program's version: dates are not the form). */
  version: z.string(),
});
export type ProgramSchedule = z.infer<typeof programScheduleSchema>;

const scheduleDate = z
  .string()
  .datetime({ offset: true, message: 'Enter a valid date and time.' })
  .nullable();
export const programScheduleInput = z.object({
  open_at: scheduleDate,
  close_at: scheduleDate,
  reminder_hours: reminderHoursSchema,
  /** Absent: unchanged. Null: keep applications (the default). */
  retention_months: z
    .number()
    .int(privacyMessages.retentionRange)
    .min(1, privacyMessages.retentionRange)
    .max(RETENTION_MONTHS_MAX, privacyMessages.retentionRange)
    .nullable()
    .optional(),
  /** The schedule's version as loaded: a stale save answers 409. */
  version: z.string().max(64),
});
export type ProgramScheduleInput = z.input<typeof programScheduleInput>;

export const scheduleResultSchema = z.object({
  message: z.string(),
  schedule: programScheduleSchema,
  /** Drafters told that the deadline moved later. */
  notified: z.number().int(),
});
