import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ActorScope, effectiveRoleScopes } from '../../shared/policy';
import type { AssignmentRow, SuperUser, UserRoleFilter } from '../../shared/schemas/governance';
import type { Db } from '../db/client';
import { assignments, coalitions, organizations, profiles, programs, user } from '../db/schema';
import { grantsAny } from './queries';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Conditions are written on profiles.id (= user.id) so the total can be counted on profiles alone.
// Effective roles as policy.effectiveRoles computes them, from the same grant table.
const held = (scopes: readonly ActorScope[]) =>
  sql<boolean>`exists (select 1 from ${assignments} a where a.user_id = ${profiles.id} and a.status = 'active' and ${grantsAny(...scopes)})`;
const hasAdmin = held(effectiveRoleScopes.has_admin);
const hasReviewer = held(effectiveRoleScopes.has_reviewer);
const hasCoManager = held(effectiveRoleScopes.has_co_manager);

const roleCondition: Record<UserRoleFilter, SQL> = {
  superadmin: sql`${profiles.role} = 'superadmin'`,
  admin: hasAdmin,
  reviewer: hasReviewer,
  coalition_manager: hasCoManager,
  applicant: sql`${profiles.role} <> 'superadmin' and not ${held(Object.values(effectiveRoleScopes).flat())}`,
};

export const userDisplayName = sql<string | null>`coalesce(${profiles.fullName}, nullif(${user.name}, ''))`;

const userColumns = {
  id: user.id,
  email: user.email,
  fullName: userDisplayName,
  role: profiles.role,
  createdAt: user.createdAt,
  deletedAt: profiles.deletedAt,
  hasAdmin,
  hasReviewer,
  hasCoManager,
};

type UserRowData = {
  id: string;
  email: string;
  fullName: string | null;
  role: SuperUser['role'];
  createdAt: Date;
  deletedAt: Date | null;
  hasAdmin: boolean;
  hasReviewer: boolean;
  hasCoManager: boolean;
};

/**
 * The roles a user holds: the profile's superadmin and their active assignments. A deleted user's
 * roles are shown as held (they grant nothing while deleted; the row is marked deleted).
 */
function toSuperUser(r: UserRowData): SuperUser {
  return {
    id: r.id,
    email: r.email,
    full_name: r.fullName,
    role: r.role,
    created_at: r.createdAt.toISOString(),
    deleted_at: r.deletedAt ? r.deletedAt.toISOString() : null,
    effective_roles: {
      superadmin_from_profile: r.role === 'superadmin',
      has_admin: !!r.hasAdmin,
      has_reviewer: !!r.hasReviewer,
      has_co_manager: !!r.hasCoManager,
    },
  };
}

export interface UserListFilter {
  search?: string;
  role?: UserRoleFilter;
  includeDeleted: boolean;
  limit: number;
  offset: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Users newest first with their effective roles: one or two queries (page, and the total when the
 * page is full) whatever the page size.
 * Search: a whole UUID matches the id exactly (primary key); otherwise a case-insensitive substring
 * of the email or name. PGlite has no pg_trgm, so a substring search scans: each table is scanned on
 * its own for matching ids (about twice as fast as filtering the joined rows at 100,000 users), and
 * the total is counted on profiles alone (every listed user has one).
 */
export async function listUsers(db: Db, filter: UserListFilter) {
  const conditions: (SQL | undefined)[] = [];
  if (!filter.includeDeleted) conditions.push(isNull(profiles.deletedAt));
  const term = filter.search?.trim().toLowerCase();
  if (term) {
    if (UUID_RE.test(term)) conditions.push(eq(profiles.id, term));
    else {
      const pattern = `%${escapeLike(term)}%`;
      conditions.push(
        sql`${profiles.id} in (select u.id from ${user} u where lower(u.email) like ${pattern} or lower(u.name) like ${pattern} union select p.id from ${profiles} p where lower(p.full_name) like ${pattern})`,
      );
    }
  }
  if (filter.role) conditions.push(roleCondition[filter.role]);
  const where = and(...conditions);
  const rows = await db
    .select(userColumns)
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(filter.limit)
    .offset(filter.offset);
  // A short page is the last one: its total is known without counting (a search then scans once).
  const total =
    rows.length < filter.limit && (rows.length > 0 || filter.offset === 0)
      ? filter.offset + rows.length
      : (await db.select({ total: count() }).from(profiles).where(where))[0].total;
  return { items: rows.map(toSuperUser), total };
}

export async function superUserById(db: Db, id: string): Promise<SuperUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, id));
  return row ? toSuperUser(row) : null;
}

const programOrg = alias(organizations, 'program_org');

const assignmentColumns = {
  id: assignments.id,
  userId: assignments.userId,
  userEmail: user.email,
  userName: userDisplayName,
  kind: assignments.kind,
  status: assignments.status,
  scopeType: assignments.scopeType,
  scopeId: assignments.scopeId,
  orgName: sql<string | null>`coalesce(${organizations.name}, ${programOrg.name})`,
  programName: programs.name,
  coalitionId: coalitions.id,
  coalitionName: coalitions.name,
  updatedAt: assignments.updatedAt,
};

/** Assignment rows with the names of their scope (organization, program and its org, coalition). */
function assignmentQuery(db: Db) {
  return db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(user, eq(user.id, assignments.userId))
    .leftJoin(profiles, eq(profiles.id, assignments.userId))
    .leftJoin(organizations, and(eq(assignments.scopeType, 'org'), eq(organizations.id, assignments.scopeId)))
    .leftJoin(programs, and(eq(assignments.scopeType, 'program'), eq(programs.id, assignments.scopeId)))
    .leftJoin(programOrg, eq(programOrg.id, programs.organizationId))
    .leftJoin(
      coalitions,
      and(eq(assignments.scopeType, 'coalition'), eq(coalitions.id, assignments.scopeId)),
    );
}

type AssignmentData = Awaited<ReturnType<ReturnType<typeof assignmentQuery>['execute']>>[number];

function toAssignmentRow(r: AssignmentData): AssignmentRow {
  const scopeName =
    r.scopeType === 'org' ? r.orgName : r.scopeType === 'program' ? r.programName : r.coalitionName;
  return {
    id: r.id,
    user_id: r.userId,
    user_email: r.userEmail,
    user_name: r.userName,
    kind: r.kind,
    status: r.status,
    scope_type: r.scopeType,
    scope_id: r.scopeId,
    scope_name: scopeName ?? null,
    org_name: r.orgName,
    coalition_id: r.coalitionId,
    coalition_name: r.coalitionName,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** One user's assignments (active and revoked). One query. */
export async function assignmentsOfUser(db: Db, userId: string) {
  const rows = await assignmentQuery(db)
    .where(eq(assignments.userId, userId))
    .orderBy(asc(assignments.kind), desc(assignments.updatedAt));
  return rows.map(toAssignmentRow);
}

/** Every assignment of a kind, most recently changed first. Two queries (page and total). */
export async function assignmentsOfKind(db: Db, kind: AssignmentRow['kind'], limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    assignmentQuery(db)
      .where(eq(assignments.kind, kind))
      .orderBy(desc(assignments.updatedAt), asc(assignments.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(assignments).where(eq(assignments.kind, kind)),
  ]);
  return { items: rows.map(toAssignmentRow), total };
}

export async function assignmentById(db: Db, id: string) {
  const [row] = await assignmentQuery(db).where(eq(assignments.id, id));
  return row ? toAssignmentRow(row) : null;
}

export async function assignmentByKey(
  db: Db,
  key: {
    userId: string;
    kind: AssignmentRow['kind'];
    scopeType: AssignmentRow['scope_type'];
    scopeId: string;
  },
) {
  const [row] = await assignmentQuery(db).where(
    and(
      eq(assignments.userId, key.userId),
      eq(assignments.kind, key.kind),
      eq(assignments.scopeType, key.scopeType),
      eq(assignments.scopeId, key.scopeId),
    ),
  );
  return row ? toAssignmentRow(row) : null;
}

/** What the assignment pickers choose from: live organizations, coalitions and programs (three queries). */
export async function scopeOptions(db: Db) {
  const [orgs, coalitionRows, programRows] = await Promise.all([
    db
      .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
      .from(organizations)
      .where(isNull(organizations.deletedAt))
      .orderBy(asc(organizations.name)),
    db
      .select({ id: coalitions.id, name: coalitions.name, slug: coalitions.slug })
      .from(coalitions)
      .where(isNull(coalitions.deletedAt))
      .orderBy(asc(coalitions.name)),
    db
      .select({ id: programs.id, name: programs.name, organization_name: organizations.name })
      .from(programs)
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .where(and(isNull(programs.deletedAt), isNull(organizations.deletedAt)))
      .orderBy(asc(programs.name)),
  ]);
  return { orgs, coalitions: coalitionRows, programs: programRows };
}
