import { eq, type SQL, sql } from 'drizzle-orm';
import { type Actor, type ActorScope, assignmentGrants, grantOf } from '../../shared/policy';
import type { Db } from '../db/client';
import { perDatabase } from '../db/per-database';
import { assignments, coalitions, organizations, profiles, programs, session, user } from '../db/schema';
import { SESSION_UPDATE_AGE_SECONDS } from './session-age';

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
  const [row] = await sessionActorStatement(db).execute({ token });
  if (!row) return null;
  return { actor: await toActor(db, row), expiresAt: row.expiresAt, updatedAt: row.updatedAt };
}

/** The user's active assignments as a JSON list, in a statement that reads the user row. */
const heldJson = sql<HeldAssignment[]>`coalesce((
        select json_agg(json_build_object('kind', a.kind, 'scope_type', a.scope_type, 'scope_id', a.scope_id))
        from ${assignments} a where a.user_id = ${user.id} and a.status = 'active'
      ), '[]'::json)`;

/** The columns an Actor is made of (user, profile, active assignments), read in one statement. */
const actorColumns = {
  userId: user.id,
  email: user.email,
  role: profiles.role,
  deletedAt: profiles.deletedAt,
  onboardedAt: profiles.onboardedAt,
  profileId: profiles.id,
  held: heldJson,
};

const sessionActorStatement = perDatabase((db) =>
  db
    .select({ ...actorColumns, expiresAt: session.expiresAt, updatedAt: session.updatedAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_actor'),
);

/** A session token to check inside another statement, at a moment of the server's wall clock. */
export interface SessionCheck {
  token: string;
  now: Date;
}

/** Whose data: a signed-in actor's, or the user's of a session not yet loaded (decision 031). */
export type Owner = { userId: string } | { session: SessionCheck };

/**
 * The user id of a session that loads as a signed-in, onboarded, not soft-deleted actor and is not
 * due for renewal — the rules of sessionMiddleware and requireActor — as a subquery, so a statement
 * can act for the session's user without loading it first (decision 031).
 */
const sessionUser = (token: unknown, now: unknown, renewedAfter: unknown) => sql`(select s.user_id
  from ${session} s join ${profiles} p on p.id = s.user_id
  where s.token = ${token} and s.expires_at > ${now}::timestamptz and s.updated_at > ${renewedAfter}::timestamptz
    and p.deleted_at is null and p.onboarded_at is not null)`;

/** sessionUser in a prepared statement, bound with sessionUserParams. */
export const sessionUserId = sessionUser(
  sql.placeholder('sessionToken'),
  sql.placeholder('sessionNow'),
  sql.placeholder('sessionRenewedAfter'),
);

/**
 * The actor of a session that passes the rules of sessionUser, as one row of `actor_`-prefixed
 * columns (none otherwise), for a read that loads its session inside its own statement; actorOfRow
 * reads the row back.
 */
export function sessionActorSql(check: SessionCheck): SQL {
  const { sessionToken, sessionNow, sessionRenewedAfter } = sessionUserParams(check);
  return sql`select ${user.id} as actor_user_id, ${user.email} as actor_email,
      ${profiles.role} as actor_role, ${profiles.onboardedAt} as actor_onboarded_at, ${heldJson} as actor_held
    from ${user} join ${profiles} on ${profiles.id} = ${user.id}
    where ${user.id} = ${sessionUser(sessionToken, sessionNow, sessionRenewedAfter)}`;
}

/**
 * The actor of the live (not soft-deleted), onboarded user whose id is the SQL expression `userId`,
 * as the `actor_`-prefixed columns actorOfRow reads: for a statement that loads someone else's
 * actor inside itself (an API token's creator, decision 040).
 */
export function liveUserActorSql(userId: SQL): SQL {
  return sql`select ${user.id} as actor_user_id, ${user.email} as actor_email,
      ${profiles.role} as actor_role, ${profiles.onboardedAt} as actor_onboarded_at, ${heldJson} as actor_held
    from ${user} join ${profiles} on ${profiles.id} = ${user.id}
    where ${user.id} = ${userId} and ${profiles.deletedAt} is null and ${profiles.onboardedAt} is not null`;
}

/** The Actor of a row that carries sessionActorSql's columns. */
export function actorOfRow(db: Db, row: Record<string, unknown>): Promise<Actor> {
  return toActor(db, {
    userId: String(row.actor_user_id),
    email: String(row.actor_email),
    role: row.actor_role as Actor['role'] | null,
    deletedAt: null,
    onboardedAt: row.actor_onboarded_at as Date,
    profileId: String(row.actor_user_id),
    held: row.actor_held as HeldAssignment[],
  });
}

export const sessionUserParams = ({ token, now }: SessionCheck) => ({
  sessionToken: token,
  sessionNow: now.toISOString(),
  sessionRenewedAfter: new Date(now.getTime() - SESSION_UPDATE_AGE_SECONDS * 1000).toISOString(),
});

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
    const list = grantOf(a.kind, a.scope_type);
    if (list) actor[list].push(a.scope_id);
  }
  return actor;
}

/**
 * The SQL condition on an assignment row `a` that it grants one of `scopes` (assignmentGrants): the
 * same table toActor reads, written as constants so PostgreSQL keeps one plan.
 */
export function grantsAny(...scopes: ActorScope[]): SQL {
  const pairs = assignmentGrants
    .filter((g) => (scopes as string[]).includes(g.grants))
    .map((g) => `('${g.kind}', '${g.scopeType}')`);
  return sql.raw(`(a.kind, a.scope_type) in (${pairs.join(', ')})`);
}

/** The scope ids of the user's active assignments that grant one of `scopes`, as a subquery of a user row. */
const heldIds = (...scopes: ActorScope[]) => sql`(select a.scope_id from ${assignments} a
  where a.user_id = ${user.id} and a.status = 'active' and ${grantsAny(...scopes)})`;
const directPrograms = heldIds('programAdmin', 'reviewerPrograms');
const reviewedOrgs = heldIds('reviewerOrgs');

/** Live (not soft-deleted) organizations among `held`, by name. */
const orgList = (held: SQL) => sql<OrgRef[]>`coalesce((
  select json_agg(json_build_object('id', o.id, 'name', o.name, 'slug', o.slug) order by o.name)
  from ${organizations} o where o.id in ${held} and o.deleted_at is null), '[]'::json)`;

/**
 * Every list of what a user may open, in one statement whose only input is who the user is: the
 * scopes come from their assignments inside it (id arrays passed in kept PostgreSQL re-planning it
 * on every call).
 */
const capabilityLists = (db: Db, owner: SQL, name: string) =>
  db
    .select({
      admin_orgs: orgList(heldIds('orgAdmin')),
      coalitions: sql<OrgRef[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by c.name)
        from ${coalitions} c where c.id in ${heldIds('coalitionManager')}
          and c.deleted_at is null), '[]'::json)`,
      reviewer_orgs: orgList(reviewedOrgs),
      // Live programs reviewed (or administered) directly, or reviewed through an organization.
      reviewer_programs: sql<ReviewerProgramRow[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'name', p.name, 'type', p.type,
          'organization_id', o.id, 'organization_name', o.name, 'organization_slug', o.slug,
          'assigned_directly', p.id in ${directPrograms},
          'stage', case when p.parent_program_id is null then null
            else json_build_object('number', p.stage_number, 'of', pp.name) end) order by p.name)
        from ${programs} p join ${organizations} o on o.id = p.organization_id
          left join ${programs} pp on pp.id = p.parent_program_id
        where (p.id in ${directPrograms} or p.organization_id in ${reviewedOrgs})
          and p.deleted_at is null and o.deleted_at is null), '[]'::json)`,
    })
    .from(user)
    .where(sql`${user.id} = ${owner}`)
    .prepare(name);

const capabilityStatements = perDatabase((db) => ({
  byUser: capabilityLists(db, sql`${sql.placeholder('userId')}`, 'capability_lists'),
  bySession: capabilityLists(db, sessionUserId, 'capability_lists_by_session'),
}));

interface OrgRef {
  id: string;
  name: string;
  slug: string;
}

export interface ReviewerProgramRow {
  id: string;
  name: string;
  type: string;
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  assigned_directly: boolean;
  stage: { number: number; of: string } | null;
}

export interface CapabilityRows {
  admin_orgs: OrgRef[];
  coalitions: OrgRef[];
  reviewer_orgs: OrgRef[];
  reviewer_programs: ReviewerProgramRow[];
}

/** What the user may open, or null when the owner is a session that does not load as a signed-in user. */
export async function capabilityRows(db: Db, owner: Owner): Promise<CapabilityRows | null> {
  const statements = capabilityStatements(db);
  const [row] =
    'userId' in owner
      ? await statements.byUser.execute({ userId: owner.userId })
      : await statements.bySession.execute(sessionUserParams(owner.session));
  return row ?? null;
}
