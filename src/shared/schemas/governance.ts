import { z } from 'zod';
import { grantOf, profileRoles } from '../policy';
import { effectiveRolesSchema } from './me';

/** Super admin: organizations, coalitions and members, users and roles, assignments. */

const uuid = (what: string) => z.string().uuid(`${what} ids must be UUIDs.`);

export const deletedQuery = z.object({ deleted: z.enum(['true', 'false']).optional() });

/** Create organization / coalition: name and slug required (trimmed), description optional. */
export const createEntityInput = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(200),
  slug: z.string().trim().min(1, 'Slug is required.').max(200),
  description: z.string().trim().max(5000).optional().nullable(),
});
export type CreateEntityInput = z.input<typeof createEntityInput>;

export const superOrgSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type SuperOrg = z.infer<typeof superOrgSchema>;

export const superCoalitionSchema = superOrgSchema.extend({ member_count: z.number().int() });
export type SuperCoalition = z.infer<typeof superCoalitionSchema>;

export const coalitionMemberSchema = z.object({
  organization_id: z.string(),
  name: z.string().nullable(),
  slug: z.string().nullable(),
  member_since: z.string().nullable(),
});
export type CoalitionMember = z.infer<typeof coalitionMemberSchema>;

export const addMemberInput = z.object({ organization_id: uuid('Organization') });

export const messageSchema = z.object({ message: z.string() });

/** The role filter of the users list: effective roles (superadmin from the profile, the rest from assignments). */
export const userRoleFilters = ['applicant', 'admin', 'reviewer', 'coalition_manager', 'superadmin'] as const;
export type UserRoleFilter = (typeof userRoleFilters)[number];

export const USERS_PAGE_SIZE = 1000;

export const userListQuery = z.object({
  search: z.string().max(200).optional(),
  role: z.enum(userRoleFilters).optional(),
  deleted: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_SIZE).default(USERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

export const superUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: z.enum(profileRoles),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  effective_roles: effectiveRolesSchema,
});
export type SuperUser = z.infer<typeof superUserSchema>;

/** Bulk role change offers only these two: Superadmin and User (applicant). */
export const assignableRoles = ['superadmin', 'applicant'] as const;
export type AssignableRole = (typeof assignableRoles)[number];
export const setRoleInput = z.object({
  role: z.enum(assignableRoles),
  /** Required (true) to make someone a super admin: the client asks first (issue 33 item 6). */
  confirm: z.boolean().optional(),
});

export const assignmentKindsInput = ['org_admin', 'coalition_manager', 'reviewer'] as const;
export type AssignableKind = (typeof assignmentKindsInput)[number];

/** The spec's assignment row, plus who holds it. */
export const assignmentRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  user_name: z.string().nullable(),
  kind: z.enum(['org_admin', 'coalition_manager', 'reviewer', 'program_admin']),
  status: z.enum(['active', 'revoked']),
  scope_type: z.enum(['org', 'program', 'coalition']),
  scope_id: z.string(),
  scope_name: z.string().nullable(),
  org_name: z.string().nullable(),
  coalition_id: z.string().nullable(),
  coalition_name: z.string().nullable(),
  updated_at: z.string(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

export const assignmentListQuery = z.object({
  kind: z.enum(assignmentKindsInput),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});

export const upsertAssignmentInput = z
  .object({
    kind: z.enum(assignmentKindsInput),
    scope_type: z.enum(['org', 'program', 'coalition']),
    scope_id: uuid('Scope'),
    user_id: uuid('User'),
    status: z.enum(['active', 'revoked']).default('active'),
  })
  .refine(
    // Only pairs that grant something (policy.assignmentGrants).
    (v) => grantOf(v.kind, v.scope_type) !== null,
    {
      message:
        'An org admin needs an organization, a coalition manager a coalition, a reviewer an organization or program.',
      path: ['scope_type'],
    },
  );
export type UpsertAssignmentInput = z.input<typeof upsertAssignmentInput>;

export const assignmentResultSchema = z.object({ message: z.string(), assignment: assignmentRowSchema });

/** Everything the assignment pickers choose from: live organizations, coalitions and programs. */
export const scopeOptionsSchema = z.object({
  orgs: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
  coalitions: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
  programs: z.array(z.object({ id: z.string(), name: z.string(), organization_name: z.string() })),
});
export type ScopeOptions = z.infer<typeof scopeOptionsSchema>;
