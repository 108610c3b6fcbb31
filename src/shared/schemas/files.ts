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

export const uploadPurposes = ['resume', 'portfolio', 'answer'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];
