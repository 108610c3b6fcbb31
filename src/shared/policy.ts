/**
 * The one authorization policy. The server calls it (through assertCan) before every read and write;
 * the client uses it only to hide controls it could not use anyway.
 */
export const profileRoles = ['applicant', 'admin', 'reviewer', 'coalition_manager', 'superadmin'] as const;
export type ProfileRole = (typeof profileRoles)[number];

export interface Actor {
  userId: string;
  email: string;
  role: ProfileRole;
  deleted: boolean;
  onboarded: boolean;
  /** Active assignments only, as scope ids. */
  orgAdmin: string[];
  coalitionManager: string[];
  reviewerOrgs: string[];
  reviewerPrograms: string[];
  programAdmin: string[];
  /**
   * Set when the request acts through a personal API token (decision 040): the actor is then the
   * token's creator with org admin of the token's organization as its only grant.
   */
  apiToken?: ApiTokenGrant;
}

/** What an API token lets a request do: act for one organization, read only or read and write. */
export interface ApiTokenGrant {
  id: string;
  name: string;
  orgId: string;
  scope: 'read' | 'read_write';
}

/** A program as the policy needs to see it. */
export interface ProgramScope {
  programId: string;
  orgId: string;
  /** Coalitions the program's organization belongs to. */
  coalitionIds?: string[];
}

export type Action =
  | { kind: 'super:manage' }
  | { kind: 'self:use' }
  | { kind: 'org:admin'; orgId: string }
  | { kind: 'org:review'; orgId: string }
  | { kind: 'coalition:manage'; coalitionId: string }
  | { kind: 'program:admin'; program: ProgramScope }
  | { kind: 'program:review'; program: ProgramScope }
  | { kind: 'program:edit-coalition'; program: ProgramScope }
  /** Exports, PDFs, dossiers and the dashboard of a program (issue 21): its admins and its coalitions' managers. */
  | { kind: 'program:export'; program: ProgramScope };

export function isSuperAdmin(actor: Actor | null | undefined): boolean {
  // 'admin' is a legacy profile value: it grants nothing by itself.
  return !!actor && !actor.deleted && actor.role === 'superadmin';
}

export function can(actor: Actor | null | undefined, action: Action): boolean {
  if (!actor || actor.deleted) return false;
  if (isSuperAdmin(actor)) return true;
  switch (action.kind) {
    case 'super:manage':
      return false;
    case 'self:use':
      // A person's own things (profile, applications) are never reached through an API token.
      return !actor.apiToken;
    case 'org:admin':
      return actor.orgAdmin.includes(action.orgId);
    case 'org:review':
      return actor.orgAdmin.includes(action.orgId) || actor.reviewerOrgs.includes(action.orgId);
    case 'coalition:manage':
      return actor.coalitionManager.includes(action.coalitionId);
    case 'program:admin':
      return (
        actor.orgAdmin.includes(action.program.orgId) || actor.programAdmin.includes(action.program.programId)
      );
    case 'program:review':
      return (
        can(actor, { kind: 'program:admin', program: action.program }) ||
        actor.reviewerOrgs.includes(action.program.orgId) ||
        actor.reviewerPrograms.includes(action.program.programId)
      );
    case 'program:edit-coalition':
      return (action.program.coalitionIds ?? []).some((id) => actor.coalitionManager.includes(id));
    case 'program:export':
      return (
        can(actor, { kind: 'program:admin', program: action.program }) ||
        can(actor, { kind: 'program:edit-coalition', program: action.program })
      );
  }
}

export interface EffectiveRoles {
  superadmin_from_profile: boolean;
  has_admin: boolean;
  has_reviewer: boolean;
  has_co_manager: boolean;
}

/** Which of an Actor's scope lists make each assigned role (the super admin's user list reads it in SQL). */
export const effectiveRoleScopes = {
  has_admin: ['orgAdmin', 'programAdmin'],
  has_reviewer: ['reviewerOrgs', 'reviewerPrograms'],
  has_co_manager: ['coalitionManager'],
} as const satisfies Record<Exclude<keyof EffectiveRoles, 'superadmin_from_profile'>, readonly ActorScope[]>;

export function effectiveRoles(actor: Actor): EffectiveRoles {
  const holds = (scopes: readonly ActorScope[]) => !actor.deleted && scopes.some((s) => actor[s].length > 0);
  return {
    superadmin_from_profile: isSuperAdmin(actor),
    has_admin: holds(effectiveRoleScopes.has_admin),
    has_reviewer: holds(effectiveRoleScopes.has_reviewer),
    has_co_manager: holds(effectiveRoleScopes.has_co_manager),
  };
}

/** Effective-role badges: superadmin, admin, reviewer, coalition_manager; applicant if none. */
export function roleBadges(roles: EffectiveRoles): string[] {
  const badges: string[] = [];
  if (roles.superadmin_from_profile) badges.push('superadmin');
  if (roles.has_admin) badges.push('admin');
  if (roles.has_reviewer) badges.push('reviewer');
  if (roles.has_co_manager) badges.push('coalition_manager');
  return badges.length ? badges : ['applicant'];
}

export type AssignmentKind = 'org_admin' | 'coalition_manager' | 'reviewer' | 'program_admin';
export type AssignmentScopeType = 'org' | 'program' | 'coalition';

/** The Actor's lists of scope ids, one per kind of grant. */
export type ActorScope =
  | 'orgAdmin'
  | 'coalitionManager'
  | 'reviewerOrgs'
  | 'reviewerPrograms'
  | 'programAdmin';

/**
 * Which active assignment (kind over a scope type) grants which of an Actor's scope lists: the one
 * table the Actor is built from (users/queries.ts toActor) and the SQL of what a user may open
 * (capability lists, the super admin's role filters) is written from. Pairs not listed grant nothing.
 */
export const assignmentGrants = [
  { kind: 'org_admin', scopeType: 'org', grants: 'orgAdmin' },
  { kind: 'coalition_manager', scopeType: 'coalition', grants: 'coalitionManager' },
  { kind: 'reviewer', scopeType: 'org', grants: 'reviewerOrgs' },
  { kind: 'reviewer', scopeType: 'program', grants: 'reviewerPrograms' },
  { kind: 'program_admin', scopeType: 'program', grants: 'programAdmin' },
] as const satisfies readonly { kind: AssignmentKind; scopeType: AssignmentScopeType; grants: ActorScope }[];

/** The Actor list an assignment adds its scope to, or null when the pair grants nothing. */
export function grantOf(kind: string, scopeType: string): ActorScope | null {
  return assignmentGrants.find((g) => g.kind === kind && g.scopeType === scopeType)?.grants ?? null;
}

/**
 * Role bump: an applicant given an admin, reviewer or coalition-manager assignment has the profile
 * role raised to that role. Other roles are left as they are.
 */
export function bumpedRole(current: ProfileRole, kind: AssignmentKind): ProfileRole {
  if (current !== 'applicant') return current;
  switch (kind) {
    case 'org_admin':
    case 'program_admin':
      return 'admin';
    case 'reviewer':
      return 'reviewer';
    case 'coalition_manager':
      return 'coalition_manager';
  }
}
