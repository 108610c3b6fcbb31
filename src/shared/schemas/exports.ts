import { z } from 'zod';
import { exportFormats } from '../domain/exports';
import { auditDatesInOrder, auditFilterFields } from './audit';
import { type InboxStatus, inboxNarrowingFields, inboxStatuses } from './reviews';

export const exportFormat = z.enum(exportFormats, { message: 'Choose CSV or XLSX.' });

/** The views of a program's applications are the inbox's (shared/schemas/reviews inboxStatuses). */
export const applicationViews = inboxStatuses;
export type ApplicationView = InboxStatus;

/** A program's applications as a file: an inbox view, narrowed as the inbox narrows it (decision 066). */
export const applicationsExportQuery = z.object({
  format: exportFormat,
  status: z.enum(applicationViews).default('all'),
  min_score: inboxNarrowingFields.min_score,
  decision: inboxNarrowingFields.decision,
});

export const programReviewsExportQuery = z.object({
  format: exportFormat,
  status: z.enum(['all', 'not_started', 'draft', 'submitted']).default('all'),
});

/** All Reviews as a file: the page's filters. */
export const allReviewsExportQuery = z.object({
  format: exportFormat,
  search: z.string().trim().max(200).optional(),
  mine: z.enum(['true', 'false']).optional(),
  status: z.enum(['all', 'not_started', 'draft', 'submitted']).default('all'),
  program_id: z.string().uuid('Program ids must be UUIDs.').optional(),
});

/** The Applications Inbox of an organization (every program, or one), in one of its views. */
export const inboxExportQuery = z.object({
  format: exportFormat,
  status: z.enum(inboxStatuses).default('all'),
  ...inboxNarrowingFields,
});

export const resultsExportQuery = z.object({ format: exportFormat });

export const auditExportQuery = z
  .object({ ...auditFilterFields, format: exportFormat })
  .refine(auditDatesInOrder.check, auditDatesInOrder.message);

export const noticeSchema = z.object({ accepted_at: z.string().nullable() });
export type Notice = z.infer<typeof noticeSchema>;
