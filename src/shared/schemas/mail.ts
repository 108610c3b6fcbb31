import { z } from 'zod';

/** Email preferences (profile settings): receipts and results are always sent. */
export const mailPreferencesSchema = z.object({
  /** Deadline reminders and deadline extensions. */
  reminders: z.boolean(),
  /** Roles given to you, your programs' reviews. */
  updates: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
export const mailPreferencesInput = mailPreferencesSchema.partial();

export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });

/** What an unsubscribe link is about (shown before the person confirms). */
export const unsubscribeInfoSchema = z.object({
  category: z.enum(['reminders', 'updates']),
  /** The address, partly hidden. */
  email: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const mailboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  received_at: z.string(),
});
export type MailboxItem = z.infer<typeof mailboxItemSchema>;

export const mailboxMessageSchema = mailboxItemSchema.extend({
  reply_to: z.string().nullable(),
  message_id: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const MAILBOX_PAGE = 50;
export const mailboxQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MAILBOX_PAGE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** One program's result emails: how many went out, are on their way, failed (and why). */
export const mailDeliverySchema = z.object({
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  failures: z.array(
    z.object({
      address: z.string(),
      applicant_name: z.string().nullable(),
      reason: z.string(),
      kind: z.string(),
      at: z.string(),
    }),
  ),
  /** The newest failures are listed, at most this many. */
  failures_total: z.number().int(),
  /** Recorded as not sent (mail is off, decision 054). */
  not_sent: z.number().int(),
  /** Mail is off on this server: nothing is delivered. */
  mail_off: z.boolean(),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/** The email one applicant would receive, rendered from the same template, and how many get one. */
export const publishPreviewSchema = z.object({
  count: z.number().int(),
  to: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  application_id: z.string().nullable(),
  from: z.string(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type PublishPreview = z.infer<typeof publishPreviewSchema>;

export const testCopyResultSchema = z.object({ message: z.string(), to: z.string() });
