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

/** The public organization page: the settings an org admin keeps (issue 19). */
export const publicOrgDetailSchema = publicOrgSchema.extend({
  website: z.string().nullable(),
  contact_email: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type PublicOrgDetail = z.infer<typeof publicOrgDetailSchema>;

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

/** A live organization in the public list, with its live coalitions' names (for the coalition label). */
export const publicOrgListItemSchema = publicOrgSchema.extend({
  created_at: z.string(),
  coalition_names: z.array(z.string()),
});
export type PublicOrgListItem = z.infer<typeof publicOrgListItemSchema>;

export const orgListQuery = z.object({
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const featuredTargetTypes = ['org', 'program', 'coalition'] as const;
export type FeaturedTargetType = (typeof featuredTargetTypes)[number];

/**
 * A featured item resolved to its live target: org and coalition give name, slug and description;
 * a program (published, of a live organization) also gives its type, organization and dates.
 */
export const featuredItemSchema = z.object({
  id: z.string(),
  target_type: z.enum(featuredTargetTypes),
  target_id: z.string(),
  sort_index: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  card_color: z.string().nullable(),
  button_color: z.string().nullable(),
  button_label: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  target: z.object({
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    program_type: z.enum(programTypes).nullable(),
    organization_name: z.string().nullable(),
    organization_slug: z.string().nullable(),
    open_at: z.string().nullable(),
    close_at: z.string().nullable(),
  }),
});
export type FeaturedItem = z.infer<typeof featuredItemSchema>;

export const featuredSectionSchema = z.object({
  id: z.string(),
  section_type: z.enum(['carousel', 'gallery']),
  header: z.string(),
  slug: z.string(),
  sort_index: z.number(),
  items: z.array(featuredItemSchema),
});
export type FeaturedSection = z.infer<typeof featuredSectionSchema>;

export const featuredListSchema = z.object({ items: z.array(featuredSectionSchema) });
export type FeaturedList = z.infer<typeof featuredListSchema>;
