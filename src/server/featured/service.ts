import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { featuredMessages, scheduleProblem, sectionSlugCandidates } from '../../shared/domain/featured';
import type { Actor } from '../../shared/policy';
import type {
  AdminItem,
  AdminSection,
  addItemInput,
  createSectionInput,
  SearchResult,
  SectionResult,
  searchQuery,
  updateItemInput,
} from '../../shared/schemas/featured';
import { featuredTargetTypes } from '../../shared/schemas/public';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { featuredItems, featuredSections } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import {
  allSections,
  itemById,
  searchTargets,
  sectionById,
  sectionItems,
  targetIsLive,
  toAdminSection,
} from './queries';

const superOnly = (actor: Actor | null) => assertCan(actor, { kind: 'super:manage' });

/** Every change to the featured sections and items is one 'featured.changed' entry in the audit log. */
const auditFeatured = (
  tx: Db,
  me: Actor,
  target: { type: 'featured_section' | 'featured_item'; id: string; label: string | null },
  summary: string,
) => recordAudit(tx, { actor: me, action: 'featured.changed', target, summary });

const ITEM_NOT_FOUND = 'Featured item not found.';
const targetNames = { org: 'organization', program: 'program', coalition: 'coalition' } as const;

export async function listSections(db: Db, actor: Actor | null) {
  superOnly(actor);
  const items = await allSections(db);
  return { items, total: items.length };
}

/**
 * A new section at the end of the list. The slug comes from the header; a taken slug is retried with
 * -2 … -16 (ON CONFLICT DO NOTHING, so no error aborts anything); after that, 409.
 */
export async function createSection(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  input: z.output<typeof createSectionInput>,
): Promise<SectionResult> {
  const me = superOnly(actor);
  const header = input.header.trim();
  if (!header)
    throw new Invalid(featuredMessages.headerRequired, { header: featuredMessages.headerRequired });
  const now = clock.now();
  for (const slug of sectionSlugCandidates(header)) {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(featuredSections)
        .values({
          sectionType: input.section_type,
          header,
          slug,
          sortIndex: sql`(select coalesce(max(${featuredSections.sortIndex}), -1) + 1 from ${featuredSections})`,
          active: true,
          createdAt: now,
        })
        .onConflictDoNothing({ target: featuredSections.slug })
        .returning();
      if (created)
        await auditFeatured(
          tx,
          me,
          { type: 'featured_section', id: created.id, label: header },
          `section created (${input.section_type})`,
        );
      return created;
    });
    if (row) return { message: featuredMessages.created(header), section: toAdminSection(row, 0) };
  }
  throw new Conflict(featuredMessages.slugExhausted);
}

async function requireSection(db: Db, id: string): Promise<AdminSection> {
  const section = await sectionById(db, id);
  if (!section) throw new NotFound(featuredMessages.sectionNotFound);
  return section;
}

/**
 * Sets sort_index to each id's position. `ids` must be exactly the current set (no more, no fewer):
 * a list built from a stale page answers 409 and changes nothing.
 */
async function applyOrder(tx: Db, current: string[], ids: string[], table: 'sections' | 'items') {
  const same =
    ids.length === current.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => current.includes(id));
  if (!same) throw new Conflict('The list changed in the meantime. Reload and try again.');
  if (ids.length === 0) return;
  const target = table === 'sections' ? featuredSections : featuredItems;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i}::integer`),
    sql` `,
  );
  await tx
    .update(target)
    .set({ sortIndex: sql`case ${target.id} ${cases} end` })
    .where(inArray(target.id, ids));
}

export async function reorderSections(db: Db, actor: Actor | null, ids: string[]) {
  const me = superOnly(actor);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: featuredSections.id })
      .from(featuredSections)
      .orderBy(featuredSections.sortIndex)
      .for('update');
    const before = rows.map((r) => r.id);
    await applyOrder(tx, before, ids, 'sections');
    if (before.join() !== ids.join())
      await auditFeatured(
        tx,
        me,
        { type: 'featured_section', id: ids[0], label: null },
        'sections reordered',
      );
  });
  return listSections(db, actor);
}

/** Hide: active false, deleted_at now (purged 30 days later). Restore: active true, deleted_at cleared. */
export async function setSectionHidden(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  hidden: boolean,
): Promise<SectionResult> {
  const me = superOnly(actor);
  const section = await requireSection(db, id);
  if (hidden && !section.active) throw new Conflict('This section is already hidden.');
  if (!hidden && section.active) throw new Conflict('This section is not hidden.');
  await db.transaction(async (tx) => {
    await tx
      .update(featuredSections)
      .set(hidden ? { active: false, deletedAt: clock.now() } : { active: true, deletedAt: null })
      .where(eq(featuredSections.id, id));
    await auditFeatured(
      tx,
      me,
      { type: 'featured_section', id, label: section.header },
      hidden ? 'section hidden (deleted for good in 30 days)' : 'section restored',
    );
  });
  return {
    message: hidden ? featuredMessages.hidden : featuredMessages.restored,
    section: await requireSection(db, id),
  };
}

export async function listItems(db: Db, actor: Actor | null, sectionId: string) {
  superOnly(actor);
  await requireSection(db, sectionId);
  const items = await sectionItems(db, sectionId);
  return { items, total: items.length };
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const dateOrNull = (v: string | null | undefined) => (v ? new Date(v) : null);

function checkSchedule(startsAt: Date | null, endsAt: Date | null) {
  const problem = scheduleProblem(startsAt, endsAt);
  if (problem) throw new Invalid(problem, { ends_at: problem });
}

/** Adds a live target to a section (at the end); one item per section and target. */
export async function addItem(
  db: Db,
  actor: Actor | null,
  sectionId: string,
  input: z.output<typeof addItemInput>,
): Promise<AdminItem> {
  const me = superOnly(actor);
  const section = await requireSection(db, sectionId);
  const startsAt = dateOrNull(input.starts_at);
  const endsAt = dateOrNull(input.ends_at);
  checkSchedule(startsAt, endsAt);
  const target = await targetIsLive(db, input.target_type, input.target_id);
  const kind = targetNames[input.target_type];
  if (!target) throw new NotFound(`This ${kind} was not found or is not public.`);
  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(featuredItems)
      .values({
        sectionId,
        targetType: input.target_type,
        targetId: input.target_id,
        sortIndex: sql`(select coalesce(max(${featuredItems.sortIndex}), -1) + 1 from ${featuredItems} where ${featuredItems.sectionId} = ${sectionId}::uuid)`,
        title: blankToNull(input.title),
        description: blankToNull(input.description),
        cardColor: input.card_color ?? null,
        buttonLabel: blankToNull(input.button_label),
        startsAt,
        endsAt,
      })
      .onConflictDoNothing({
        target: [featuredItems.sectionId, featuredItems.targetType, featuredItems.targetId],
      })
      .returning({ id: featuredItems.id });
    if (added)
      await auditFeatured(
        tx,
        me,
        { type: 'featured_item', id: added.id, label: target.name },
        `${kind} added to section ${section.header}`,
      );
    return added;
  });
  if (!row) throw new Conflict(`${target.name} is already in this section.`);
  return (await itemById(db, row.id))!;
}

export async function updateItem(
  db: Db,
  actor: Actor | null,
  id: string,
  input: z.output<typeof updateItemInput>,
): Promise<AdminItem> {
  const me = superOnly(actor);
  const current = await itemById(db, id);
  if (!current) throw new NotFound(ITEM_NOT_FOUND);
  const set: Partial<typeof featuredItems.$inferInsert> = {};
  if (input.title !== undefined) set.title = blankToNull(input.title);
  if (input.description !== undefined) set.description = blankToNull(input.description);
  if (input.card_color !== undefined) set.cardColor = input.card_color;
  if (input.button_label !== undefined) set.buttonLabel = blankToNull(input.button_label);
  if (input.starts_at !== undefined) set.startsAt = dateOrNull(input.starts_at);
  if (input.ends_at !== undefined) set.endsAt = dateOrNull(input.ends_at);
  checkSchedule(
    set.startsAt !== undefined ? (set.startsAt as Date | null) : dateOrNull(current.starts_at),
    set.endsAt !== undefined ? (set.endsAt as Date | null) : dateOrNull(current.ends_at),
  );
  if (Object.keys(set).length > 0) {
    await db.transaction(async (tx) => {
      await tx.update(featuredItems).set(set).where(eq(featuredItems.id, id));
      await auditFeatured(
        tx,
        me,
        { type: 'featured_item', id, label: current.title ?? current.target_name ?? null },
        `item edited: ${Object.keys(input)
          .filter((k) => (input as Record<string, unknown>)[k] !== undefined)
          .join(', ')}`,
      );
    });
  }
  return (await itemById(db, id))!;
}

export async function removeItem(db: Db, actor: Actor | null, id: string) {
  const me = superOnly(actor);
  const current = await itemById(db, id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(featuredItems)
      .where(eq(featuredItems.id, id))
      .returning({ id: featuredItems.id });
    if (!row) throw new NotFound(ITEM_NOT_FOUND);
    await auditFeatured(
      tx,
      me,
      { type: 'featured_item', id, label: current?.title ?? current?.target_name ?? null },
      'item removed from its section',
    );
  });
  return { message: 'Removed from the section.' };
}

export async function reorderItems(db: Db, actor: Actor | null, sectionId: string, ids: string[]) {
  const me = superOnly(actor);
  const section = await requireSection(db, sectionId);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: featuredItems.id })
      .from(featuredItems)
      .where(eq(featuredItems.sectionId, sectionId))
      .orderBy(featuredItems.sortIndex)
      .for('update');
    const before = rows.map((r) => r.id);
    await applyOrder(tx, before, ids, 'items');
    if (before.join() !== ids.join())
      await auditFeatured(
        tx,
        me,
        { type: 'featured_section', id: sectionId, label: section.header },
        'items reordered',
      );
  });
  return listItems(db, actor, sectionId);
}

export async function search(
  db: Db,
  actor: Actor | null,
  query: z.output<typeof searchQuery>,
): Promise<{ items: SearchResult[]; total: number }> {
  superOnly(actor);
  const types = query.type ? [query.type] : [...featuredTargetTypes];
  const items = await searchTargets(db, query.q, types, query.limit);
  return { items, total: items.length };
}
