import { z } from 'zod';
import { featuredMessages } from '../domain/featured';
import { featuredCardColors } from '../domain/featured-colors';
import { programTypes } from '../domain/programs';
import { featuredTargetTypes } from './public';

const isoDate = z.string().datetime({ offset: true });
const uuid = z.string().uuid();

export const sectionTypes = ['carousel', 'gallery'] as const;

/** A section as the manager sees it: hidden ones too, with their purge date. */
export const adminSectionSchema = z.object({
  id: z.string(),
  section_type: z.enum(sectionTypes),
  header: z.string(),
  slug: z.string(),
  sort_index: z.number(),
  active: z.boolean(),
  deleted_at: z.string().nullable(),
  /** When a hidden section is deleted for good; null while visible. */
  purge_at: z.string().nullable(),
  created_at: z.string(),
  item_count: z.number(),
});
export type AdminSection = z.infer<typeof adminSectionSchema>;

export const sectionResultSchema = z.object({ message: z.string(), section: adminSectionSchema });
export type SectionResult = z.infer<typeof sectionResultSchema>;

export const createSectionInput = z.object({
  // Blank headers are refused by the service with the spec's message (422).
  header: z.string().max(120, 'Keep the header under 120 characters.'),
  section_type: z.enum(sectionTypes).default('carousel'),
});
export type CreateSectionInput = z.input<typeof createSectionInput>;

/** A new order: every id of the list once, first to last. */
export const reorderInput = z.object({ ids: z.array(uuid).min(1).max(1000) });

/** A featured item as the manager sees it: every item, whatever its schedule, with its target. */
export const adminItemSchema = z.object({
  id: z.string(),
  section_id: z.string(),
  target_type: z.enum(featuredTargetTypes),
  target_id: z.string(),
  sort_index: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  card_color: z.string().nullable(),
  button_label: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  /** The target's name; null when the target is gone (deleted or unpublished): not shown on discovery. */
  target_name: z.string().nullable(),
  target_detail: z.string().nullable(),
  target_live: z.boolean(),
});
export type AdminItem = z.infer<typeof adminItemSchema>;

const cardColor = z
  .enum(featuredCardColors, { message: 'Choose one of the card colours or Default.' })
  .nullable()
  .optional();
const text = (max: number) => z.string().trim().max(max).nullable().optional();

export const addItemInput = z.object({
  target_type: z.enum(featuredTargetTypes),
  target_id: uuid,
  title: text(200),
  description: text(1000),
  card_color: cardColor,
  button_label: text(40),
  starts_at: isoDate.nullable().optional(),
  ends_at: isoDate.nullable().optional(),
});
export type AddItemInput = z.input<typeof addItemInput>;

/** Only what is sent changes; null clears. */
export const updateItemInput = addItemInput.omit({ target_type: true, target_id: true });
export type UpdateItemInput = z.input<typeof updateItemInput>;

export const searchQuery = z.object({
  q: z.string().trim().max(100).default(''),
  /** One kind of target, or all three (results merged, names first). */
  type: z.enum(featuredTargetTypes).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(20),
});

export const searchResultSchema = z.object({
  target_type: z.enum(featuredTargetTypes),
  target_id: z.string(),
  name: z.string(),
  /** Program: its organization and type; org/coalition: its slug. */
  detail: z.string().nullable(),
  program_type: z.enum(programTypes).nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Org creation requests: submitted applications to ApplyHub's own "Organization application". */
export const orgRequestSchema = z.object({
  application_id: z.string(),
  applicant_id: z.string(),
  applicant_name: z.string().nullable(),
  applicant_email: z.string(),
  organization_name: z.string().nullable(),
  website: z.string().nullable(),
  contact_email: z.string().nullable(),
  mission: z.string().nullable(),
  status: z.string(),
  submitted_at: z.string().nullable(),
  review: z.object({ status: z.string(), decision: z.string().nullable() }).nullable(),
  /** True when the review's decision is accept or approved. */
  accepted: z.boolean(),
  converted: z
    .object({
      organization_id: z.string(),
      name: z.string(),
      slug: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type OrgRequest = z.infer<typeof orgRequestSchema>;

export const createOrgFromRequestInput = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(200),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required.')
    .max(60, 'Keep the slug to 60 characters.')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and hyphens.'),
  description: z.string().trim().max(5000).nullable().optional(),
});
export type CreateOrgFromRequestInput = z.input<typeof createOrgFromRequestInput>;

export const createOrgResultSchema = z.object({
  message: z.string(),
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
});
export type CreateOrgResult = z.infer<typeof createOrgResultSchema>;

export { featuredMessages };
