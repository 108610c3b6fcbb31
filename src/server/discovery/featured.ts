import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { inScheduleWindow } from '../../shared/domain/discovery';
import type { FeaturedItem, FeaturedSection } from '../../shared/schemas/public';
import type { Db } from '../db/client';
import { coalitions, featuredItems, featuredSections, organizations, programs } from '../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Target = FeaturedItem['target'];

/**
 * The discovery page's featured sections: active, not hidden, by sort_index then created_at; each
 * with its active items inside their schedule window (by `now`), by sort_index, resolved to live
 * targets. An item whose target is gone (deleted, or an unpublished program) is left out.
 * Five queries whatever the number of sections and items.
 */
export async function publicFeatured(db: Db, now: Date): Promise<FeaturedSection[]> {
  const sections = await db
    .select()
    .from(featuredSections)
    .where(and(eq(featuredSections.active, true), isNull(featuredSections.deletedAt)))
    .orderBy(asc(featuredSections.sortIndex), asc(featuredSections.createdAt), asc(featuredSections.id));
  if (sections.length === 0) return [];

  const items = (
    await db
      .select()
      .from(featuredItems)
      .where(
        and(
          inArray(
            featuredItems.sectionId,
            sections.map((s) => s.id),
          ),
          eq(featuredItems.active, true),
        ),
      )
      .orderBy(asc(featuredItems.sortIndex), asc(featuredItems.createdAt), asc(featuredItems.id))
  ).filter((item) => inScheduleWindow(item.startsAt, item.endsAt, now));

  const idsOf = (type: FeaturedItem['target_type']) => [
    ...new Set(items.filter((i) => i.targetType === type).map((i) => i.targetId)),
  ];
  const [programIds, orgIds, coalitionIds] = [idsOf('program'), idsOf('org'), idsOf('coalition')];
  const none = Promise.resolve([]);
  const [programRows, orgRows, coalitionRows] = await Promise.all([
    programIds.length === 0
      ? none
      : db
          .select({
            id: programs.id,
            name: programs.name,
            description: programs.description,
            type: programs.type,
            openAt: programs.openAt,
            closeAt: programs.closeAt,
            organizationName: organizations.name,
            organizationSlug: organizations.slug,
          })
          .from(programs)
          .innerJoin(organizations, eq(organizations.id, programs.organizationId))
          .where(
            and(
              inArray(programs.id, programIds),
              eq(programs.published, true),
              isNull(programs.deletedAt),
              // A later stage is by invitation only (decision 066): never featured.
              isNull(programs.parentProgramId),
              isNull(organizations.deletedAt),
            ),
          ),
    orgIds.length === 0
      ? none
      : db
          .select({
            id: organizations.id,
            name: organizations.name,
            slug: organizations.slug,
            description: organizations.description,
          })
          .from(organizations)
          .where(and(inArray(organizations.id, orgIds), isNull(organizations.deletedAt))),
    coalitionIds.length === 0
      ? none
      : db
          .select({
            id: coalitions.id,
            name: coalitions.name,
            slug: coalitions.slug,
            description: coalitions.description,
          })
          .from(coalitions)
          .where(and(inArray(coalitions.id, coalitionIds), isNull(coalitions.deletedAt))),
  ]);

  const targets = new Map<string, Target>();
  const plain = {
    program_type: null,
    organization_name: null,
    organization_slug: null,
    open_at: null,
    close_at: null,
  };
  for (const p of programRows) {
    targets.set(`program:${p.id}`, {
      name: p.name,
      // Programs have no slug of their own; their organization's slug is the closest public address.
      slug: p.organizationSlug,
      description: p.description,
      program_type: p.type,
      organization_name: p.organizationName,
      organization_slug: p.organizationSlug,
      open_at: iso(p.openAt),
      close_at: iso(p.closeAt),
    });
  }
  for (const o of orgRows)
    targets.set(`org:${o.id}`, { ...o, ...plain, organization_name: o.name, organization_slug: o.slug });
  for (const c of coalitionRows) targets.set(`coalition:${c.id}`, { ...c, ...plain });

  const bySection = new Map<string, FeaturedItem[]>();
  for (const item of items) {
    const target = targets.get(`${item.targetType}:${item.targetId}`);
    if (!target) continue;
    const list = bySection.get(item.sectionId) ?? [];
    list.push({
      id: item.id,
      target_type: item.targetType,
      target_id: item.targetId,
      sort_index: item.sortIndex,
      title: item.title,
      description: item.description,
      card_color: item.cardColor,
      button_color: item.buttonColor,
      button_label: item.buttonLabel,
      starts_at: iso(item.startsAt),
      ends_at: iso(item.endsAt),
      target,
    });
    bySection.set(item.sectionId, list);
  }

  return sections.map((s) => ({
    id: s.id,
    section_type: s.sectionType,
    header: s.header,
    slug: s.slug,
    sort_index: s.sortIndex,
    items: bySection.get(s.id) ?? [],
  }));
}
