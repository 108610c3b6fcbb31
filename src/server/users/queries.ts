import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../shared/policy';
import type { Db } from '../db/client';
import { assignments, coalitions, organizations, profiles, programs, session, user } from '../db/schema';

/** The user's profile row, created once; a new profile's contact email starts as the sign-in email. */
export async function ensureProfile(db: Db, userId: string, email?: string | null): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, email: email ?? null })
    .onConflictDoNothing();
}

interface HeldAssignment {
  kind: string;
  scope_type: string;
  scope_id: string;
}

/** The acting user with their role and active assignments, in one query whatever they hold. */
export async function loadActor(db: Db, userId: string): Promise<Actor | null> {
  const [row] = await db
    .select(actorColumns)
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return row ? toActor(db, row) : null;
}

/**
 * A session (by its token) and its user as an Actor, in one statement: the per-request work of a
 * signed-in request. Null when there is no such session.
 */
export async function loadSessionActor(
  db: Db,
  token: string,
): Promise<{ actor: Actor; expiresAt: Date; updatedAt: Date } | null> {
  const [row] = await db
    .select({ ...actorColumns, expiresAt: session.expiresAt, updatedAt: session.updatedAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(session.token, token));
  if (!row) return null;
  return { actor: await toActor(db, row), expiresAt: row.expiresAt, updatedAt: row.updatedAt };
}

/** The columns an Actor is made of (user, profile, active assignments), read in one statement. */
const actorColumns = {
  userId: user.id,
  email: user.email,
  role: profiles.role,
  deletedAt: profiles.deletedAt,
  onboardedAt: profiles.onboardedAt,
  profileId: profiles.id,
  held: sql<HeldAssignment[]>`coalesce((
        select json_agg(json_build_object('kind', a.kind, 'scope_type', a.scope_type, 'scope_id', a.scope_id))
        from ${assignments} a where a.user_id = ${user.id} and a.status = 'active'
      ), '[]'::json)`,
};

interface ActorRow {
  userId: string;
  email: string;
  role: Actor['role'] | null;
  deletedAt: Date | null;
  onboardedAt: Date | null;
  profileId: string | null;
  held: HeldAssignment[];
}

async function toActor(db: Db, row: ActorRow): Promise<Actor> {
  const { userId } = row;
  if (!row.profileId) await ensureProfile(db, userId, row.email);

  const actor: Actor = {
    userId,
    email: row.email,
    role: row.role ?? 'applicant',
    deleted: !!row.deletedAt,
    onboarded: !!row.onboardedAt,
    orgAdmin: [],
    coalitionManager: [],
    reviewerOrgs: [],
    reviewerPrograms: [],
    programAdmin: [],
  };
  for (const a of row.held) {
    if (a.kind === 'org_admin') actor.orgAdmin.push(a.scope_id);
    else if (a.kind === 'coalition_manager') actor.coalitionManager.push(a.scope_id);
    else if (a.kind === 'program_admin') actor.programAdmin.push(a.scope_id);
    else if (a.kind === 'reviewer' && a.scope_type === 'org') actor.reviewerOrgs.push(a.scope_id);
    else if (a.kind === 'reviewer' && a.scope_type === 'program') actor.reviewerPrograms.push(a.scope_id);
  }
  return actor;
}

const none = sql`false`;

/** Live (not soft-deleted) organizations by id, by name. */
export async function orgsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return []; // most users hold nothing: no statement at all
  return db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(and(ids.length ? inArray(organizations.id, ids) : none, isNull(organizations.deletedAt)))
    .orderBy(organizations.name);
}

export async function coalitionsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: coalitions.id, name: coalitions.name, slug: coalitions.slug })
    .from(coalitions)
    .where(and(ids.length ? inArray(coalitions.id, ids) : none, isNull(coalitions.deletedAt)))
    .orderBy(coalitions.name);
}

/** Live programs the user reviews: assigned directly, or through an organization. */
export async function reviewerPrograms(db: Db, programIds: string[], orgIds: string[]) {
  if (programIds.length === 0 && orgIds.length === 0) return [];
  const direct = programIds.length ? inArray(programs.id, programIds) : none;
  const viaOrg = orgIds.length ? inArray(programs.organizationId, orgIds) : none;
  return db
    .select({
      id: programs.id,
      name: programs.name,
      type: programs.type,
      organization_id: organizations.id,
      organization_name: organizations.name,
      organization_slug: organizations.slug,
    })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(and(sql`(${direct} or ${viaOrg})`, isNull(programs.deletedAt), isNull(organizations.deletedAt)))
    .orderBy(programs.name);
}
