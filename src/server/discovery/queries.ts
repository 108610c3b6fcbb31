import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { ProgramType } from '../../shared/domain/programs';
import type { PublicProgram, PublicProgramDetail } from '../../shared/schemas/public';
import type { Db } from '../db/client';
import { coalitionMemberships, coalitions, organizations, programs } from '../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function liveOrgBySlug(db: Db, slug: string) {
  const [org] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      description: organizations.description,
    })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.deletedAt)));
  return org ?? null;
}

export async function liveCoalitionBySlug(db: Db, slug: string) {
  const [coalition] = await db
    .select({
      id: coalitions.id,
      name: coalitions.name,
      slug: coalitions.slug,
      description: coalitions.description,
    })
    .from(coalitions)
    .where(and(eq(coalitions.slug, slug), isNull(coalitions.deletedAt)));
  return coalition ?? null;
}

const publicProgramColumns = {
  id: programs.id,
  name: programs.name,
  type: programs.type,
  description: programs.description,
  openAt: programs.openAt,
  closeAt: programs.closeAt,
  published: programs.published,
  publishedAt: programs.publishedAt,
  publishedScope: programs.publishedScope,
  organizationId: organizations.id,
  organizationName: organizations.name,
  organizationSlug: organizations.slug,
};

type PublicProgramRow = {
  [K in keyof typeof publicProgramColumns]: (typeof publicProgramColumns)[K]['_']['data'] | null;
};

function toPublicProgram(row: PublicProgramRow): PublicProgram {
  return {
    id: row.id!,
    name: row.name!,
    type: row.type!,
    description: row.description,
    open_at: iso(row.openAt),
    close_at: iso(row.closeAt),
    published: !!row.published,
    published_at: iso(row.publishedAt),
    published_scope: row.publishedScope,
    organization_id: row.organizationId!,
    organization_name: row.organizationName!,
    organization_slug: row.organizationSlug!,
  };
}

/**
 * Only published programs of live organizations are ever public, and never a later stage of a
 * program (by invitation only, decision 066).
 */
const isPublic = and(
  eq(programs.published, true),
  isNull(programs.deletedAt),
  isNull(organizations.deletedAt),
  isNull(programs.parentProgramId),
);

export async function publicProgram(db: Db, id: string): Promise<PublicProgramDetail | null> {
  const [row] = await db
    .select({ ...publicProgramColumns, form: programs.form })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(and(eq(programs.id, id), isPublic));
  return row ? { ...toPublicProgram(row), form: row.form } : null;
}

export interface ProgramListFilter {
  type?: ProgramType;
  search?: string;
  orgSlug?: string;
  /** Programs of the coalition's member organizations. */
  coalitionSlug?: string;
  limit: number;
  offset: number;
}

export async function listPublicPrograms(db: Db, filter: ProgramListFilter) {
  const conditions: (SQL | undefined)[] = [isPublic];
  if (filter.type) conditions.push(eq(programs.type, filter.type));
  if (filter.orgSlug) conditions.push(eq(organizations.slug, filter.orgSlug));
  if (filter.coalitionSlug) {
    const members = db
      .select({ id: coalitionMemberships.organizationId })
      .from(coalitionMemberships)
      .innerJoin(coalitions, eq(coalitions.id, coalitionMemberships.coalitionId))
      .where(and(eq(coalitions.slug, filter.coalitionSlug), isNull(coalitions.deletedAt)));
    conditions.push(inArray(programs.organizationId, members));
  }
  const term = filter.search?.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(or(ilike(programs.name, pattern), ilike(organizations.name, pattern)));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(publicProgramColumns)
      .from(programs)
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .where(where)
      .orderBy(desc(programs.createdAt), programs.id)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(programs)
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .where(where),
  ]);
  return { items: rows.map(toPublicProgram), total };
}

export interface OrgListFilter {
  search?: string;
  limit: number;
  offset: number;
}

/**
 * Live organizations, newest first, each with the names of its live coalitions (oldest membership
 * first) for the coalition label. Three queries whatever the page size.
 */
export async function listPublicOrgs(db: Db, filter: OrgListFilter) {
  const conditions: (SQL | undefined)[] = [isNull(organizations.deletedAt)];
  const term = filter.search?.trim();
  if (term) conditions.push(ilike(organizations.name, `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        slug: organizations.slug,
        description: organizations.description,
        createdAt: organizations.createdAt,
      })
      .from(organizations)
      .where(where)
      .orderBy(desc(organizations.createdAt), organizations.id)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  const memberships =
    rows.length === 0
      ? []
      : await db
          .select({ organizationId: coalitionMemberships.organizationId, name: coalitions.name })
          .from(coalitionMemberships)
          .innerJoin(coalitions, eq(coalitions.id, coalitionMemberships.coalitionId))
          .where(
            and(
              inArray(
                coalitionMemberships.organizationId,
                rows.map((r) => r.id),
              ),
              isNull(coalitions.deletedAt),
            ),
          )
          .orderBy(coalitionMemberships.createdAt, coalitions.name);
  const names = new Map<string, string[]>();
  for (const m of memberships) names.set(m.organizationId, [...(names.get(m.organizationId) ?? []), m.name]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      created_at: r.createdAt.toISOString(),
      coalition_names: names.get(r.id) ?? [],
    })),
    total,
  };
}
