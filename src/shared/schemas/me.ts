import { z } from 'zod';
import { profileRoles } from '../policy';

export const effectiveRolesSchema = z.object({
  superadmin_from_profile: z.boolean(),
  has_admin: z.boolean(),
  has_reviewer: z.boolean(),
  has_co_manager: z.boolean(),
});

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: z.enum(profileRoles),
  onboarded: z.boolean(),
  effective_roles: effectiveRolesSchema,
});
export type Me = z.infer<typeof meSchema>;

export const onboardingInput = z.object({
  full_name: z.string().max(200).optional().nullable(),
  accept_terms: z.literal(true, { message: 'Please agree to the Terms & Privacy Policy.' }),
});
export type OnboardingInput = z.infer<typeof onboardingInput>;

export const adminOrgSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const coalitionRecordSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const reviewerOrgSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export const reviewerProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  organization_slug: z.string(),
  /** Assigned to this program itself rather than through its organization. */
  assigned_directly: z.boolean(),
  /** A later stage of a program (decision 066): its number and its program's name. */
  stage: z.object({ number: z.number().int(), of: z.string() }).nullable().optional(),
});

export const capabilitiesSchema = z.object({
  admin_orgs: z.array(adminOrgSchema),
  coalitions: z.array(coalitionRecordSchema),
  reviewer_orgs: z.array(reviewerOrgSchema),
  reviewer_programs: z.array(reviewerProgramSchema),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

export const itemsOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number() });
