import { z } from 'zod';
import { programTypes } from '../domain/programs';
import { applicationFormSchema } from './forms';

export const publicOrgSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
});
export type PublicOrg = z.infer<typeof publicOrgSchema>;

export const publicCoalitionSchema = publicOrgSchema;
export type PublicCoalition = PublicOrg;

export const publicProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(programTypes),
  description: z.string().nullable(),
  open_at: z.string().nullable(),
  close_at: z.string().nullable(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  published_scope: z.enum(['org', 'coalition']).nullable(),
  organization_id: z.string(),
  organization_name: z.string(),
  organization_slug: z.string(),
});
export type PublicProgram = z.infer<typeof publicProgramSchema>;

export const programListQuery = z.object({
  type: z.enum(programTypes).optional(),
  search: z.string().max(200).optional(),
  org: z.string().max(100).optional(),
  coalition: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** One published program with its live application form (never a pending form or reviewer settings). */
export const publicProgramDetailSchema = publicProgramSchema.extend({ form: applicationFormSchema });
export type PublicProgramDetail = z.infer<typeof publicProgramDetailSchema>;
