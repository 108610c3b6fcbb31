import { z } from 'zod';
import { auditActionKeys, auditFamilies, auditTargetTypeKeys } from '../domain/audit';

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'This is not a date.');

/**
 * Filters of the audit log: actor (an email, or its beginning, or a user id), action (one action or a
 * whole family such as `program`), target type and target (an id or the beginning of its name), dates
 * (inclusive, UTC days), and the cursor of the previous page.
 */
export const auditFilterFields = {
  actor: z.string().trim().max(200).optional(),
  action: z
    .string()
    .refine((a) => (auditActionKeys as string[]).includes(a) || auditFamilies.includes(a), 'Unknown action.')
    .optional(),
  target_type: z.enum(auditTargetTypeKeys as [string, ...string[]]).optional(),
  target: z.string().trim().max(200).optional(),
  from: day.optional(),
  to: day.optional(),
};
export const auditDatesInOrder = {
  check: (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to,
  message: { message: 'The end date must not be before the start date.', path: ['to'] },
};

export const auditFilter = z
  .object(auditFilterFields)
  .refine(auditDatesInOrder.check, auditDatesInOrder.message);
export type AuditFilter = z.output<typeof auditFilter>;

export const auditListQuery = z
  .object({
    ...auditFilterFields,
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
    cursor: z
      .string()
      .regex(/^\d{1,19}$/, 'This page link is no longer valid. Reload the list.')
      .optional(),
  })
  .refine(auditDatesInOrder.check, auditDatesInOrder.message);
export type AuditListQuery = z.output<typeof auditListQuery>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  via: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  organization_id: z.string().nullable(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * One page, newest first; `next_cursor` asks for the page after it (null: this is the last). `total`
 * counts matching entries up to AUDIT_TOTAL_CAP (`total_capped`: there are more).
 */
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
});
export const AUDIT_TOTAL_CAP = 10_000;
export type AuditPage = z.infer<typeof auditPageSchema>;
