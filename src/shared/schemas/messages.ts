import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { MAX_MESSAGE_LENGTH, messageWords } from '../domain/messages';
import { text } from './text';

export const messageInput = z.object({
  body: text(MAX_MESSAGE_LENGTH).trim().min(1, messageWords.bodyRequired),
  /** Staff only: shown to the applicant under the organization's name (the default). */
  as_organization: z.boolean().optional(),
  /** Files uploaded with purpose `message` (their `filePath`), at most 3. */
  attachments: z
    .array(z.string().min(1).max(1024))
    .max(LIMITS.messageFiles, messageWords.tooManyFiles)
    .optional(),
});
export type MessageInput = z.input<typeof messageInput>;

/**
 * A file on a message. `path` is what POST /files/sign takes; a blind program's reviewer is given an
 * opaque reference and the name "Attachment N.ext" instead of the file's own.
 */
export const messageAttachmentSchema = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: z.string(),
  side: z.enum(['applicant', 'staff']),
  author: z.string(),
  mine: z.boolean(),
  as_organization: z.boolean(),
  body: z.string(),
  attachments: z.array(messageAttachmentSchema),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageThreadSchema = z.object({
  items: z.array(messageSchema),
  total: z.number().int(),
  /** Messages from the other side the caller has not read. */
  unread: z.number().int(),
  /** The caller's side of the thread. */
  side: z.enum(['applicant', 'staff']),
  org_name: z.string(),
  /** Administers the program: may change whether its reviewers take part. */
  admin: z.boolean(),
  /** Whether the caller may write now (an applicant writes once the application is submitted). */
  can_write: z.boolean(),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

export const messageCreatedSchema = z.object({ message: messageSchema });

export const messageCountsSchema = z.object({
  items: z.array(z.object({ application_id: z.string(), unread: z.number().int(), total: z.number().int() })),
});
export type MessageCounts = z.infer<typeof messageCountsSchema>;

export const messageSettingsSchema = z.object({ reviewers_may_write: z.boolean() });
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
