import { and, eq, ne, sql } from 'drizzle-orm';
import type { ProgramScope } from '../../shared/policy';
import type { Db } from '../db/client';
import { applications, coalitionMemberships, files, programs } from '../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function fileByPath(db: Db, path: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.path, path));
  return row ?? null;
}

export async function pathTaken(db: Db, path: string): Promise<boolean> {
  const [row] = await db.select({ id: files.id }).from(files).where(eq(files.path, path));
  return !!row;
}

export async function insertFile(db: Db, row: typeof files.$inferInsert): Promise<void> {
  await db.insert(files).values(row);
}

export async function deleteFileRow(db: Db, path: string, ownerId: string): Promise<void> {
  await db.delete(files).where(and(eq(files.path, path), eq(files.ownerId, ownerId)));
}

/** Programs to which the user has a non-draft application (their reviewers may read the user's profile files). */
export async function submittedProgramScopes(db: Db, userId: string): Promise<ProgramScope[]> {
  const rows = await db
    .select({
      programId: programs.id,
      orgId: programs.organizationId,
      coalitionIds: sql<
        string[]
      >`coalesce((select array_agg(m.coalition_id) from ${coalitionMemberships} m where m.organization_id = ${programs.organizationId}), '{}')`,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .where(and(eq(applications.userId, userId), ne(applications.status, 'draft')));
  return rows.map((r) => ({ ...r, coalitionIds: r.coalitionIds ?? [] }));
}

export async function programForm(db: Db, programId: string) {
  const [row] = await db.select({ form: programs.form }).from(programs).where(eq(programs.id, programId));
  return row?.form ?? null;
}
