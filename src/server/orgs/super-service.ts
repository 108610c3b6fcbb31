import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { governanceMessages as m } from '../../shared/domain/governance';
import { slugify } from '../../shared/domain/slug';
import type { Actor } from '../../shared/policy';
import type {
  CoalitionMember,
  CreateEntityInput,
  SuperCoalition,
  SuperOrg,
} from '../../shared/schemas/governance';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { coalitionMemberships, coalitions, organizations } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';

/**
 * Super admin: organizations and coalitions (create, list, soft delete, restore) and coalition
 * membership. Both tables have the same columns; one implementation serves both.
 */
type EntityTable = typeof organizations;
type Kind = 'organization' | 'coalition';

const tables: Record<Kind, EntityTable> = {
  organization: organizations,
  // Same column names and types as organizations: drizzle builds SQL from the table object itself.
  coalition: coalitions as unknown as EntityTable,
};

const words = {
  organization: {
    notFound: 'Organization not found.',
    taken: m.orgSlugTaken,
    alreadyDeleted: 'This organization is already deleted.',
    notDeleted: 'This organization is not deleted.',
  },
  coalition: {
    notFound: 'Coalition not found.',
    taken: m.coalitionSlugTaken,
    alreadyDeleted: 'This coalition is already deleted.',
    notDeleted: 'This coalition is not deleted.',
  },
};

const superOnly = (actor: Actor | null) => assertCan(actor, { kind: 'super:manage' });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toEntity(row: {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}): SuperOrg {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    deleted_at: iso(row.deletedAt),
  };
}

function columns(t: EntityTable) {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    description: t.description,
    createdAt: t.createdAt,
    deletedAt: t.deletedAt,
  };
}

/** Active rows newest first, or the deleted ones most recently deleted first. One query. */
async function listEntities(db: Db, kind: Kind, deleted: boolean) {
  const t = tables[kind];
  return db
    .select(columns(t))
    .from(t)
    .where(deleted ? isNotNull(t.deletedAt) : isNull(t.deletedAt))
    .orderBy(deleted ? desc(t.deletedAt) : desc(t.createdAt), asc(t.id));
}

async function createEntity(
  db: Db,
  clock: Clock,
  me: Actor,
  kind: Kind,
  input: CreateEntityInput,
): Promise<SuperOrg> {
  const t = tables[kind];
  const name = input.name.trim();
  const slug = slugify(input.slug);
  if (!name) throw new Invalid('Name is required.', { name: 'Name is required.' });
  if (!slug) throw new Invalid('Slug is required.', { slug: 'Slug is required.' });
  const description = input.description?.trim() || null;
  const [taken] = await db.select({ id: t.id }).from(t).where(eq(t.slug, slug));
  if (taken) throw new Conflict(words[kind].taken, { slug: words[kind].taken });
  try {
    const at = clock.now();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(t)
        .values({ name, slug, description, createdAt: at })
        .returning(columns(t));
      await recordAudit(tx, {
        actor: me,
        action: kind === 'organization' ? 'organization.created' : 'coalition.created',
        target: { type: kind, id: created.id, label: name },
        orgId: kind === 'organization' ? created.id : null,
        summary: `slug: ${slug}`,
        at,
      });
      return created;
    });
    return toEntity(row);
  } catch (err) {
    // Another request took the slug between the check and the insert.
    if (isUniqueViolation(err)) throw new Conflict(words[kind].taken, { slug: words[kind].taken });
    throw err;
  }
}

/** Soft delete or restore: all data (programs, memberships, assignments) is kept. */
async function setDeleted(db: Db, clock: Clock, me: Actor, kind: Kind, id: string, deleted: boolean) {
  const t = tables[kind];
  const at = clock.now();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select({ deletedAt: t.deletedAt }).from(t).where(eq(t.id, id)).for('update');
    if (!current) throw new NotFound(words[kind].notFound);
    if (!!current.deletedAt === deleted)
      throw new Conflict(deleted ? words[kind].alreadyDeleted : words[kind].notDeleted);
    const [changed] = await tx
      .update(t)
      .set({ deletedAt: deleted ? at : null })
      .where(eq(t.id, id))
      .returning(columns(t));
    await recordAudit(tx, {
      actor: me,
      action: `${kind}.${deleted ? 'deleted' : 'restored'}`,
      target: { type: kind, id, label: changed.name },
      orgId: kind === 'organization' ? id : null,
      summary: deleted ? 'deleted: no → yes' : 'deleted: yes → no',
      at,
    });
    return changed;
  });
  return toEntity(row);
}

// Organizations

export async function superListOrgs(db: Db, actor: Actor | null, deleted: boolean) {
  superOnly(actor);
  const items = (await listEntities(db, 'organization', deleted)).map(toEntity);
  return { items, total: items.length };
}

export async function superCreateOrg(db: Db, clock: Clock, actor: Actor | null, input: CreateEntityInput) {
  const me = superOnly(actor);
  return { message: m.orgCreated, item: await createEntity(db, clock, me, 'organization', input) };
}

export async function superSetOrgDeleted(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  deleted: boolean,
) {
  const me = superOnly(actor);
  const item = await setDeleted(db, clock, me, 'organization', id, deleted);
  return { message: deleted ? m.orgDeleted : m.orgRestored, item };
}

// Coalitions

export async function superListCoalitions(db: Db, actor: Actor | null, deleted: boolean) {
  superOnly(actor);
  const [rows, counts] = await Promise.all([
    listEntities(db, 'coalition', deleted),
    db
      .select({ coalitionId: coalitionMemberships.coalitionId, n: count() })
      .from(coalitionMemberships)
      .innerJoin(organizations, eq(organizations.id, coalitionMemberships.organizationId))
      .where(isNull(organizations.deletedAt))
      .groupBy(coalitionMemberships.coalitionId),
  ]);
  const byId = new Map(counts.map((c) => [c.coalitionId, c.n]));
  const items: SuperCoalition[] = rows.map((r) => ({ ...toEntity(r), member_count: byId.get(r.id) ?? 0 }));
  return { items, total: items.length };
}

export async function superCreateCoalition(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  input: CreateEntityInput,
) {
  const me = superOnly(actor);
  const item = await createEntity(db, clock, me, 'coalition', input);
  return { message: m.coalitionCreated, item: { ...item, member_count: 0 } };
}

export async function superSetCoalitionDeleted(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  deleted: boolean,
) {
  const me = superOnly(actor);
  const item = await setDeleted(db, clock, me, 'coalition', id, deleted);
  return { message: deleted ? m.coalitionDeleted : m.coalitionRestored, item };
}

async function liveCoalition(db: Db, id: string) {
  const [row] = await db
    .select({ id: coalitions.id, name: coalitions.name })
    .from(coalitions)
    .where(and(eq(coalitions.id, id), isNull(coalitions.deletedAt)));
  if (!row) throw new NotFound('Coalition not found.');
  return row;
}

/** Members of a coalition, oldest membership first (deleted organizations are not listed). One query. */
export async function superListMembers(db: Db, actor: Actor | null, coalitionId: string) {
  superOnly(actor);
  await liveCoalition(db, coalitionId);
  const rows = await db
    .select({
      organizationId: coalitionMemberships.organizationId,
      name: organizations.name,
      slug: organizations.slug,
      since: coalitionMemberships.createdAt,
    })
    .from(coalitionMemberships)
    .innerJoin(organizations, eq(organizations.id, coalitionMemberships.organizationId))
    .where(and(eq(coalitionMemberships.coalitionId, coalitionId), isNull(organizations.deletedAt)))
    .orderBy(asc(coalitionMemberships.createdAt), asc(organizations.name));
  const items: CoalitionMember[] = rows.map((r) => ({
    organization_id: r.organizationId,
    name: r.name,
    slug: r.slug,
    member_since: iso(r.since),
  }));
  return { items, total: items.length };
}

export async function superAddMember(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  coalitionId: string,
  orgId: string,
) {
  const me = superOnly(actor);
  const coalition = await liveCoalition(db, coalitionId);
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)));
  if (!org) throw new NotFound('Organization not found.');
  const at = clock.now();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(coalitionMemberships)
      .values({ coalitionId, organizationId: orgId, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: coalitionMemberships.organizationId });
    if (inserted.length === 0) throw new Conflict('This organization is already a member of the coalition.');
    await recordAudit(tx, {
      actor: me,
      action: 'coalition.edited',
      target: { type: 'coalition', id: coalitionId, label: coalition.name },
      orgId,
      summary: `member added: ${org.name}`,
      at,
    });
  });
  return { message: m.memberAdded };
}

export async function superRemoveMember(db: Db, actor: Actor | null, coalitionId: string, orgId: string) {
  const me = superOnly(actor);
  const coalition = await liveCoalition(db, coalitionId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(coalitionMemberships)
      .where(
        and(
          eq(coalitionMemberships.coalitionId, coalitionId),
          eq(coalitionMemberships.organizationId, orgId),
        ),
      )
      .returning({ id: coalitionMemberships.organizationId });
    if (removed.length === 0) throw new NotFound('This organization is not a member of the coalition.');
    const [org] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    await recordAudit(tx, {
      actor: me,
      action: 'coalition.edited',
      target: { type: 'coalition', id: coalitionId, label: coalition.name },
      orgId,
      summary: `member removed: ${org?.name ?? orgId}`,
    });
  });
  return { message: m.memberRemoved };
}
