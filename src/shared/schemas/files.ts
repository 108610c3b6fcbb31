import { z } from 'zod';

/** The spec's File info: what a profile or an answer stores about an uploaded file. */
export const fileInfoSchema = z.object({
  fileName: z.string(),
  filePath: z.string(),
  fileSize: z.number().int().nonnegative(),
  contentType: z.string(),
  uploadedAt: z.string(),
  /** Portfolio files only. */
  uploadedBy: z.string().optional(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

export const uploadPurposes = ['resume', 'portfolio', 'answer', 'logo', 'message'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** POST /api/files: the body is the file's raw bytes; these say what it is for. */
export const uploadQuery = z.object({
  purpose: z.enum(uploadPurposes, { message: 'purpose must be resume, portfolio, answer, logo or message.' }),
  application_id: z.string().uuid('Application ids must be UUIDs.').optional(),
  field_key: z.string().min(1).max(200).optional(),
  /** An organization's logo (purpose logo): its slug. */
  org_slug: z.string().min(1).max(100).optional(),
});

export const signFileInput = z.object({ path: z.string().min(1).max(1024) });

export const signedUrlSchema = z.object({
  /** Same-origin download link, valid until expires_at (600 s). */
  url: z.string(),
  expires_at: z.string(),
});
export type SignedUrl = z.infer<typeof signedUrlSchema>;

export const downloadQuery = z.object({
  path: z.string().min(1).max(1024),
  expires: z.string().regex(/^\d{1,12}$/),
  sig: z.string().min(1).max(100),
});

/** A file link inside an export (signed for the exporting user). */
export const exportLinkQuery = z.object({
  path: z.string().min(1).max(1024),
  user: z.string().uuid(),
  expires: z.string().regex(/^\d{1,12}$/),
  sig: z.string().min(1).max(100),
});

export const removeProfileFileQuery = z.object({ path: z.string().min(1).max(1024) });
