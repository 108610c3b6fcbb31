import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProgramScope } from '../../shared/policy';
import type { AdminProgram } from '../../shared/schemas/programs';
import type { Db } from '../db/client';
import { coalitionMemberships, coalitions, organizations, programEvents, programs } from '../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const adminProgramColumns = {
  id: programs.id,
  organizationId: programs.organizationId,
  organizationName: organizations.name,
  organizationSlug: organizations.slug,
  name: programs.name,
  type: programs.type,
  description: programs.description,
  openAt: programs.openAt,
  closeAt: programs.closeAt,
  reviewStatus: programs.reviewStatus,
  reviewNote: programs.reviewNote,
  requiresSuperApproval: programs.requiresSuperApproval,
  published: programs.published,
  publishedScope: programs.publishedScope,
  publishedAt: programs.publishedAt,
  createdAt: programs.createdAt,
  updatedAt: programs.updatedAt,
  deletedAt: programs.deletedAt,
  parentProgramId: programs.parentProgramId,
  stageNumber: programs.stageNumber,
};

export type AdminProgramRow = {
  [K in keyof typeof adminProgramColumns]: (typeof adminProgramColumns)[K]['_']['data'] | null;
};

export function toAdminProgram(r: AdminProgramRow): AdminProgram {
  return {
    id: r.id!,
    organization_id: r.organizationId!,
    organization_name: r.organizationName!,
    organization_slug: r.organizationSlug!,
    name: r.name!,
    type: r.type!,
    description: r.description,
    open_at: iso(r.openAt),
    close_at: iso(r.closeAt),
    review_status: r.reviewStatus!,
    review_note: r.reviewNote,
    requires_super_approval: !!r.requiresSuperApproval,
    published: !!r.published,
    published_scope: r.publishedScope,
    published_at: iso(r.publishedAt),
    created_at: r.createdAt!.toISOString(),
    updated_at: r.updatedAt!.toISOString(),
    deleted_at: iso(r.deletedAt),
    parent_program_id: r.parentProgramId,
    stage_number: r.stageNumber ?? 1,
  };
}

/** A program with everything a transition needs, or null. */
export async function programForUpdate(tx: Db, id: string) {
  const [row] = await tx
    .select({
      program: programs,
      orgName: organizations.name,
      orgSlug: organizations.slug,
      orgDeletedAt: organizations.deletedAt,
    })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(programs.id, id))
    .for('update', { of: programs });
  return row ?? null;
}

export async function adminProgram(db: Db, id: string): Promise<AdminProgram | null> {
  const [row] = await db
    .select(adminProgramColumns)
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(programs.id, id));
  return row ? toAdminProgram(row) : null;
}

/** What the policy needs to decide about a program: its organization and that organization's coalitions. */
export async function programScope(db: Db, id: string): Promise<ProgramScope | null> {
  const [row] = await db
    .select({
      orgId: programs.organizationId,
      coalitionIds: sql<
        string[]
      >`coalesce((select array_agg(m.coalition_id) from ${coalitionMemberships} m where m.organization_id = ${programs}.organization_id), '{}')`,
    })
    .from(programs)
    .where(eq(programs.id, id));
  return row ? { programId: id, orgId: row.orgId, coalitionIds: row.coalitionIds ?? [] } : null;
}

export async function orgPrograms(db: Db, orgId: string, deleted: boolean) {
  const rows = await db
    .select(adminProgramColumns)
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(
      and(
        eq(programs.organizationId, orgId),
        deleted ? isNotNull(programs.deletedAt) : isNull(programs.deletedAt),
      ),
    )
    .orderBy(desc(programs.createdAt));
  return rows.map(toAdminProgram);
}

/** Programs of the member organizations of a coalition (the coalition manager's list). */
export async function coalitionPrograms(db: Db, coalitionId: string) {
  const members = db
    .select({ id: coalitionMemberships.organizationId })
    .from(coalitionMemberships)
    .where(eq(coalitionMemberships.coalitionId, coalitionId));
  const rows = await db
    .select(adminProgramColumns)
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(
      and(
        inArray(programs.organizationId, members),
        isNull(programs.deletedAt),
        isNull(organizations.deletedAt),
      ),
    )
    .orderBy(desc(programs.createdAt));
  return rows.map(toAdminProgram);
}

export async function allPrograms(db: Db, statuses: string[] | null, deleted: boolean) {
  const rows = await db
    .select(adminProgramColumns)
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(
      and(
        deleted ? isNotNull(programs.deletedAt) : isNull(programs.deletedAt),
        statuses ? inArray(programs.reviewStatus, statuses as never[]) : undefined,
      ),
    )
    .orderBy(desc(programs.updatedAt));
  return rows.map(toAdminProgram);
}

export async function orgCoalitions(db: Db, orgId: string) {
  return db
    .select({ id: coalitions.id, name: coalitions.name, slug: coalitions.slug })
    .from(coalitionMemberships)
    .innerJoin(coalitions, eq(coalitions.id, coalitionMemberships.coalitionId))
    .where(and(eq(coalitionMemberships.organizationId, orgId), isNull(coalitions.deletedAt)))
    .orderBy(coalitions.name);
}

export async function recordEvent(
  tx: Db,
  event: {
    programId: string;
    kind: string;
    from?: string | null;
    to?: string | null;
    note?: string | null;
    actorId: string | null;
    at: Date;
  },
) {
  await tx.insert(programEvents).values({
    programId: event.programId,
    kind: event.kind,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    note: event.note ?? null,
    actorId: event.actorId,
    at: event.at,
  });
}
