import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications, files, programs } from '../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function fileByPath(db: Db, path: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.path, path));
  return row ?? null;
}

export async function fileById(db: Db, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

export async function insertFile(db: Db, row: typeof files.$inferInsert): Promise<void> {
  await db.insert(files).values(row);
}

/**
 * Forgets a profile file the owner replaced or removed, unless a submitted application's profile
 * snapshot still points at it (its reviewers must keep seeing what was submitted). True when the
 * record was deleted, so the caller may delete the object too.
 */
export async function releaseProfileFile(db: Db, path: string, ownerId: string): Promise<boolean> {
  const [kept] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.userId, ownerId),
        sql`(${applications.profileSnapshot}->'resume_file'->>'filePath' = ${path}
          or ${applications.profileSnapshot}->'profile_files' @> jsonb_build_array(jsonb_build_object('filePath', ${path}::text)))`,
      ),
    )
    .limit(1);
  if (kept) return false;
  await db.delete(files).where(and(eq(files.path, path), eq(files.ownerId, ownerId)));
  return true;
}

/**
 * The user's non-draft applications whose review page shows this profile file: the application's
 * snapshot holds it and the program's form collects the Experience & Portfolio section (profile
 * autofill on, section not switched off). Whoever may read one of them may read the file.
 */
export async function applicationsShowingProfileFile(
  db: Db,
  userId: string,
  path: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .where(
      and(
        eq(applications.userId, userId),
        ne(applications.status, 'draft'),
        sql`(${applications.profileSnapshot}->'resume_file'->>'filePath' = ${path}
          or ${applications.profileSnapshot}->'profile_files' @> jsonb_build_array(jsonb_build_object('filePath', ${path}::text)))`,
        sql`${programs.form}->'profile'->>'enabled' = 'true'`,
        sql`coalesce(${programs.form}->'profile'->'sections'->>'experience', 'true') <> 'false'`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function programForm(db: Db, programId: string) {
  const [row] = await db.select({ form: programs.form }).from(programs).where(eq(programs.id, programId));
  return row?.form ?? null;
}

/**
 * Forgets an application's answer files under these prefixes (questions hidden at submit, decision
 * 057). Returns their paths so the caller deletes the objects once the transaction has committed.
 */
export async function releaseAnswerFiles(
  db: Db,
  applicationId: string,
  prefixes: string[],
): Promise<string[]> {
  if (prefixes.length === 0) return [];
  const removed = await db
    .delete(files)
    .where(
      and(
        eq(files.applicationId, applicationId),
        eq(files.kind, 'answer'),
        or(...prefixes.map((p) => sql`starts_with(${files.path}, ${p})`)),
      ),
    )
    .returning({ path: files.path });
  return removed.map((r) => r.path);
}
