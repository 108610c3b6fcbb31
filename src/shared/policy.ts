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
  | { kind: 'program:edit-coalition'; program: ProgramScope };

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
      return true;
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
  }
}

export interface EffectiveRoles {
  superadmin_from_profile: boolean;
  has_admin: boolean;
  has_reviewer: boolean;
  has_co_manager: boolean;
}

export function effectiveRoles(actor: Actor): EffectiveRoles {
  return {
    superadmin_from_profile: isSuperAdmin(actor),
    has_admin: !actor.deleted && (actor.orgAdmin.length > 0 || actor.programAdmin.length > 0),
    has_reviewer: !actor.deleted && (actor.reviewerOrgs.length > 0 || actor.reviewerPrograms.length > 0),
    has_co_manager: !actor.deleted && actor.coalitionManager.length > 0,
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
