import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ApplicationForm } from '../../shared/schemas/forms';
import type { Db } from '../db/client';
import { applications, organizations, programs, publications } from '../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An application with its program, as the page needs it (one query). */
export async function applicationDetail(db: Db, id: string) {
  const [row] = await db
    .select({
      id: applications.id,
      userId: applications.userId,
      status: applications.status,
      answers: applications.answers,
      profileSnapshot: applications.profileSnapshot,
      version: applications.version,
      submittedAt: applications.submittedAt,
      createdAt: applications.createdAt,
      updatedAt: applications.updatedAt,
      programId: programs.id,
      programName: programs.name,
      openAt: programs.openAt,
      closeAt: programs.closeAt,
      form: programs.form,
      live: sql<boolean>`(${programs.published} and ${programs.deletedAt} is null and ${organizations.deletedAt} is null)`,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(applications.id, id));
  return row ?? null;
}
export type ApplicationDetail = NonNullable<Awaited<ReturnType<typeof applicationDetail>>>;

/**
 * The row to change, locked for the rest of the transaction (its program row is not locked), with
 * the program's live form and window as of now: one statement.
 */
export async function applicationForUpdate(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: applications.id,
      userId: applications.userId,
      status: applications.status,
      answers: applications.answers,
      version: applications.version,
      submittedAt: applications.submittedAt,
      programId: applications.programId,
      form: programs.form,
      openAt: programs.openAt,
      closeAt: programs.closeAt,
      live: sql<boolean>`(${programs.published} and ${programs.deletedAt} is null and ${organizations.deletedAt} is null)`,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(applications.id, id))
    .for('update', { of: applications });
  if (!row) return null;
  const { form, openAt, closeAt, live, ...rest } = row;
  return { ...rest, program: { form: form as ApplicationForm, openAt, closeAt, live } };
}

/** The signed-out preview: the program behind an application id, only while it is public. */
export async function previewByApplicationId(db: Db, id: string) {
  const [row] = await db
    .select({
      program_id: programs.id,
      program_name: programs.name,
      program_description: programs.description,
      organization_name: organizations.name,
      application_schema: programs.form,
      openAt: programs.openAt,
      closeAt: programs.closeAt,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(
      and(
        eq(applications.id, id),
        eq(programs.published, true),
        sql`${programs.deletedAt} is null`,
        sql`${organizations.deletedAt} is null`,
      ),
    );
  if (!row) return null;
  const { openAt, closeAt, ...rest } = row;
  return { ...rest, open_at: iso(openAt), close_at: iso(closeAt) };
}

/** My Submissions: the caller's non-draft applications, newest first (all rows; one query). */
export async function mySubmissions(db: Db, userId: string) {
  const rows = await db
    .select({
      id: applications.id,
      program_id: programs.id,
      program_name: programs.name,
      organization_name: organizations.name,
      status: applications.status,
      submittedAt: applications.submittedAt,
      updatedAt: applications.updatedAt,
      publishedAt: publications.publishedAt,
      visibility: publications.visibility,
      payload: publications.payload,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .leftJoin(publications, eq(publications.applicationId, applications.id))
    .where(and(eq(applications.userId, userId), ne(applications.status, 'draft')))
    .orderBy(sql`${applications.submittedAt} desc nulls last`, desc(applications.updatedAt));
  return rows.map(({ submittedAt, updatedAt, publishedAt, visibility, payload, ...r }) => ({
    ...r,
    submitted_at: iso(submittedAt),
    updated_at: updatedAt.toISOString(),
    result: publishedAt
      ? {
          // A hidden decision is never sent, whatever the stored payload holds.
          decision: visibility?.decision ? (payload?.decision ?? null) : null,
          published_at: publishedAt.toISOString(),
        }
      : null,
  }));
}

/** The caller's drafts of live programs, soonest deadline first (no deadline last; one query). */
export async function myDrafts(db: Db, userId: string) {
  const rows = await db
    .select({
      id: applications.id,
      program_id: programs.id,
      program_name: programs.name,
      organization_name: organizations.name,
      openAt: programs.openAt,
      closeAt: programs.closeAt,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(
      and(
        eq(applications.userId, userId),
        eq(applications.status, 'draft'),
        eq(programs.published, true),
        isNull(programs.deletedAt),
      ),
    )
    .orderBy(sql`${programs.closeAt} asc nulls last`, desc(applications.updatedAt), asc(applications.id));
  return rows.map(({ openAt, closeAt, updatedAt, ...r }) => ({
    ...r,
    open_at: iso(openAt),
    close_at: iso(closeAt),
    updated_at: updatedAt.toISOString(),
  }));
}
