import { z } from 'zod';
import { MAX_LATE_LINK_LABEL, MAX_LATE_LINK_USES, lateLinkMessages as m } from '../domain/late-links';
import { LIMITS } from '../domain/limits';
import { text } from './text';

/** A new late-submission link: for one person (email) or a named group (label), never both. */
export const lateLinkInput = z
  .object({
    email: text(254).trim().toLowerCase().optional(),
    label: text(MAX_LATE_LINK_LABEL).trim().optional(),
    max_uses: z.number().int().min(1, m.usesRange).max(MAX_LATE_LINK_USES, m.usesRange),
    expires_at: z.string().datetime({ offset: true }),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.label) ctx.addIssue({ code: 'custom', path: ['email'], message: m.whoRequired });
    if (v.email && v.label) ctx.addIssue({ code: 'custom', path: ['label'], message: m.whoRequired });
    if (v.email && !z.string().email().safeParse(v.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: m.emailInvalid });
  });
export type LateLinkInput = z.input<typeof lateLinkInput>;

export const lateLinkSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  label: z.string().nullable(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['active', 'used_up', 'expired', 'revoked']),
});
export type LateLink = z.infer<typeof lateLinkSchema>;

export const lateLinkListSchema = z.object({ items: z.array(lateLinkSchema) });

/** The new link with its token and address: shown once, never again. */
export const lateLinkCreatedSchema = z.object({ link: lateLinkSchema, token: z.string(), url: z.string() });
export type LateLinkCreated = z.infer<typeof lateLinkCreatedSchema>;

export const lateLinkIdParams = z.object({
  id: z.string().uuid('Program ids must be UUIDs.'),
  link_id: z.string().uuid('Link ids must be UUIDs.'),
});

export const redeemLateLinkInput = z.object({ token: text(LIMITS.line).trim().min(1, m.notFound) });

/** What redeeming gives: the application to open and until when it may be submitted. */
export const redeemedLateLinkSchema = z.object({
  application_id: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  expires_at: z.string(),
});
export type RedeemedLateLink = z.infer<typeof redeemedLateLinkSchema>;
