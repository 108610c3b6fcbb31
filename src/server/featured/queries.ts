import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { purgeAt } from '../../shared/domain/featured';
import type { AdminItem, AdminSection, SearchResult } from '../../shared/schemas/featured';
import type { FeaturedTargetType } from '../../shared/schemas/public';
import type { Db } from '../db/client';
import { coalitions, featuredItems, featuredSections, organizations, programs } from '../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type SectionRow = typeof featuredSections.$inferSelect;
type ItemRow = typeof featuredItems.$inferSelect;

export function toAdminSection(s: SectionRow, itemCount: number): AdminSection {
  return {
    id: s.id,
    section_type: s.sectionType,
    header: s.header,
    slug: s.slug,
    sort_index: s.sortIndex,
    active: s.active,
    deleted_at: iso(s.deletedAt),
    purge_at: s.deletedAt ? purgeAt(s.deletedAt).toISOString() : null,
    created_at: s.createdAt.toISOString(),
    item_count: itemCount,
  };
}

/** Every section, hidden ones too, by sort_index then created_at; two queries. */
export async function allSections(db: Db): Promise<AdminSection[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(featuredSections)
      .orderBy(asc(featuredSections.sortIndex), asc(featuredSections.createdAt), asc(featuredSections.id)),
    db
      .select({ sectionId: featuredItems.sectionId, n: count() })
      .from(featuredItems)
      .groupBy(featuredItems.sectionId),
  ]);
  const byId = new Map(counts.map((c) => [c.sectionId, Number(c.n)]));
  return rows.map((s) => toAdminSection(s, byId.get(s.id) ?? 0));
}

export async function sectionById(db: Db, id: string): Promise<AdminSection | null> {
  const [row] = await db.select().from(featuredSections).where(eq(featuredSections.id, id));
  if (!row) return null;
  const [c] = await db.select({ n: count() }).from(featuredItems).where(eq(featuredItems.sectionId, id));
  return toAdminSection(row, Number(c?.n ?? 0));
}

interface TargetInfo {
  name: string;
  detail: string | null;
}

/**
 * Names of the targets of `items`, live ones only (a deleted org or coalition, or a program that is
 * deleted, unpublished or of a deleted organization, is absent): at most three queries.
 */
async function liveTargets(db: Db, items: Pick<ItemRow, 'targetType' | 'targetId'>[]) {
  const idsOf = (type: FeaturedTargetType) => [
    ...new Set(items.filter((i) => i.targetType === type).map((i) => i.targetId)),
  ];
  const [programIds, orgIds, coalitionIds] = [idsOf('program'), idsOf('org'), idsOf('coalition')];
  const none = Promise.resolve([] as { id: string; name: string; detail: string | null }[]);
  const [p, o, c] = await Promise.all([
    programIds.length === 0
      ? none
      : db
          .select({ id: programs.id, name: programs.name, detail: organizations.name })
          .from(programs)
          .innerJoin(organizations, eq(organizations.id, programs.organizationId))
          .where(and(inArray(programs.id, programIds), liveProgram)),
    orgIds.length === 0
      ? none
      : db
          .select({ id: organizations.id, name: organizations.name, detail: organizations.slug })
          .from(organizations)
          .where(and(inArray(organizations.id, orgIds), isNull(organizations.deletedAt))),
    coalitionIds.length === 0
      ? none
      : db
          .select({ id: coalitions.id, name: coalitions.name, detail: coalitions.slug })
          .from(coalitions)
          .where(and(inArray(coalitions.id, coalitionIds), isNull(coalitions.deletedAt))),
  ]);
  const map = new Map<string, TargetInfo>();
  for (const r of p) map.set(`program:${r.id}`, { name: r.name, detail: r.detail });
  for (const r of o) map.set(`org:${r.id}`, { name: r.name, detail: r.detail });
  for (const r of c) map.set(`coalition:${r.id}`, { name: r.name, detail: r.detail });
  return map;
}

/** A program the discovery page can show: published, not deleted, of a live organization. */
const liveProgram = and(
  eq(programs.published, true),
  isNull(programs.deletedAt),
  // A later stage is by invitation only (decision 066): never featured.
  isNull(programs.parentProgramId),
  isNull(organizations.deletedAt),
);

export async function targetIsLive(db: Db, type: FeaturedTargetType, id: string): Promise<TargetInfo | null> {
  return (await liveTargets(db, [{ targetType: type, targetId: id }])).get(`${type}:${id}`) ?? null;
}

function toAdminItem(i: ItemRow, target: TargetInfo | undefined): AdminItem {
  return {
    id: i.id,
    section_id: i.sectionId,
    target_type: i.targetType,
    target_id: i.targetId,
    sort_index: i.sortIndex,
    title: i.title,
    description: i.description,
    card_color: i.cardColor,
    button_label: i.buttonLabel,
    starts_at: iso(i.startsAt),
    ends_at: iso(i.endsAt),
    active: i.active,
    target_name: target?.name ?? null,
    target_detail: target?.detail ?? null,
    target_live: !!target,
  };
}

/** A section's items, whatever their schedule, by sort_index; at most four queries. */
export async function sectionItems(db: Db, sectionId: string): Promise<AdminItem[]> {
  const rows = await db
    .select()
    .from(featuredItems)
    .where(eq(featuredItems.sectionId, sectionId))
    .orderBy(asc(featuredItems.sortIndex), asc(featuredItems.createdAt), asc(featuredItems.id));
  const targets = await liveTargets(db, rows);
  return rows.map((r) => toAdminItem(r, targets.get(`${r.targetType}:${r.targetId}`)));
}

export async function itemById(db: Db, id: string): Promise<AdminItem | null> {
  const [row] = await db.select().from(featuredItems).where(eq(featuredItems.id, id));
  if (!row) return null;
  const targets = await liveTargets(db, [row]);
  return toAdminItem(row, targets.get(`${row.targetType}:${row.targetId}`));
}

/** Escapes LIKE wildcards so a search for '50%' means those characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * Live targets whose name (or, for programs, organization name) contains `q`, case-insensitively,
 * by name; at most `limit` of each kind asked for, then merged and cut to `limit`.
 */
export async function searchTargets(
  db: Db,
  q: string,
  types: FeaturedTargetType[],
  limit: number,
): Promise<SearchResult[]> {
  const pattern = likePattern(q);
  const none = Promise.resolve([] as SearchResult[]);
  const [orgRows, programRows, coalitionRows] = await Promise.all([
    types.includes('org')
      ? db
          .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
          .from(organizations)
          .where(and(isNull(organizations.deletedAt), ilike(organizations.name, pattern)))
          .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
          .limit(limit)
          .then((rows) =>
            rows.map(
              (r): SearchResult => ({
                target_type: 'org',
                target_id: r.id,
                name: r.name,
                detail: r.slug,
                program_type: null,
              }),
            ),
          )
      : none,
    types.includes('program')
      ? db
          .select({ id: programs.id, name: programs.name, type: programs.type, org: organizations.name })
          .from(programs)
          .innerJoin(organizations, eq(organizations.id, programs.organizationId))
          .where(and(liveProgram, or(ilike(programs.name, pattern), ilike(organizations.name, pattern))))
          .orderBy(asc(sql`lower(${programs.name})`), asc(programs.id))
          .limit(limit)
          .then((rows) =>
            rows.map(
              (r): SearchResult => ({
                target_type: 'program',
                target_id: r.id,
                name: r.name,
                detail: r.org,
                program_type: r.type,
              }),
            ),
          )
      : none,
    types.includes('coalition')
      ? db
          .select({ id: coalitions.id, name: coalitions.name, slug: coalitions.slug })
          .from(coalitions)
          .where(and(isNull(coalitions.deletedAt), ilike(coalitions.name, pattern)))
          .orderBy(asc(sql`lower(${coalitions.name})`), asc(coalitions.id))
          .limit(limit)
          .then((rows) =>
            rows.map(
              (r): SearchResult => ({
                target_type: 'coalition',
                target_id: r.id,
                name: r.name,
                detail: r.slug,
                program_type: null,
              }),
            ),
          )
      : none,
  ]);
  return [...orgRows, ...programRows, ...coalitionRows]
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    .slice(0, limit);
}
