import { and, asc, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../shared/domain/applications';
import { changesOpen } from '../../shared/domain/change-requests';
import { applicantDeadline, applicantLastMoment } from '../../shared/domain/deadlines';
import type { ApplicationForm } from '../../shared/schemas/forms';
import type { Db } from '../db/client';
import { perDatabase } from '../db/per-database';
import { applications, organizations, programs, publications } from '../db/schema';
import { programResultOn } from '../results/stages';
import { type Owner, sessionUserId, sessionUserParams } from '../users/queries';
import { stageLockedSql } from './stage-lock';

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
      withdrawnAt: applications.withdrawnAt,
      withdrawnReason: applications.withdrawnReason,
      personalCloseAt: applications.personalCloseAt,
      personalCloseNote: applications.personalCloseNote,
      graceMinutes: programs.graceMinutes,
      linkCloseAt: applications.lateCloseAt,
      late: applications.late,
      changesDueAt: applications.changesDueAt,
      changesMessage: applications.changesMessage,
      changesScope: applications.changesScope,
      changesRequestedAt: applications.changesRequestedAt,
      changesAnswers: applications.changesAnswers,
      submissionVersion: applications.submissionVersion,
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
      changesDueAt: applications.changesDueAt,
      changesScope: applications.changesScope,
      changesAnswers: applications.changesAnswers,
      submissionVersion: applications.submissionVersion,
      programName: programs.name,
      programId: applications.programId,
      programVersion: programs.version,
      form: programs.form,
      openAt: programs.openAt,
      closeAt: programs.closeAt,
      personalCloseAt: applications.personalCloseAt,
      graceMinutes: programs.graceMinutes,
      linkCloseAt: applications.lateCloseAt,
      live: sql<boolean>`(${programs.published} and ${programs.deletedAt} is null and ${organizations.deletedAt} is null)`,
      // Invited to the next stage: read-only (decision 066).
      stageLocked: stageLockedSql(sql`${applications.id}`).mapWith(Boolean),
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(applications.id, id))
    .for('update', { of: applications });
  if (!row) return null;
  const { form, openAt, closeAt, live, programVersion, personalCloseAt, graceMinutes, linkCloseAt, ...rest } =
    row;
  return {
    ...rest,
    program: {
      form: form as ApplicationForm,
      version: programVersion,
      openAt,
      closeAt,
      live,
      // This applicant's deadline rules (shared/domain/deadlines).
      personalCloseAt,
      graceMinutes,
      linkCloseAt,
    },
  };
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

/**
 * My Submissions: the caller's non-draft applications, newest first (all rows; one query). A later
 * stage is not a card of its own: it is a line on its stage-1 card, and the card's result is that of
 * the last stage reached (decision 066).
 */
export async function mySubmissions(db: Db, userId: string, now: Date) {
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
      changesDueAt: applications.changesDueAt,
      changesMessage: applications.changesMessage,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    // The program's result: in stages, the last stage's the applicant reached (decision 066).
    .leftJoin(publications, programResultOn())
    .where(
      and(
        eq(applications.userId, userId),
        ne(applications.status, 'draft'),
        isNull(programs.parentProgramId),
      ),
    )
    .orderBy(sql`${applications.submittedAt} desc nulls last`, desc(applications.updatedAt));
  return rows.map(
    ({ submittedAt, updatedAt, publishedAt, visibility, payload, changesDueAt, changesMessage, ...r }) => ({
      ...r,
      // An open change request (decision 063): the card's banner.
      change_request:
        r.status === 'submitted' && changesOpen(changesDueAt, now) && changesDueAt
          ? {
              organization_name: r.organization_name,
              message: changesMessage ?? '',
              due_at: changesDueAt.toISOString(),
            }
          : null,
      submitted_at: iso(submittedAt),
      updated_at: updatedAt.toISOString(),
      result: publishedAt
        ? {
            // A hidden decision is never sent, whatever the stored payload holds.
            decision: visibility?.decision ? (payload?.decision ?? null) : null,
            published_at: publishedAt.toISOString(),
          }
        : null,
    }),
  );
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
      personalCloseAt: applications.personalCloseAt,
      graceMinutes: programs.graceMinutes,
      linkCloseAt: applications.lateCloseAt,
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
  return rows.map(({ openAt, closeAt, personalCloseAt, graceMinutes, linkCloseAt, updatedAt, ...r }) => {
    const d = applicantDeadline({ openAt, closeAt, personalCloseAt, graceMinutes, linkCloseAt });
    return {
      ...r,
      open_at: iso(openAt),
      // This applicant's own deadline (a personal close time when an admin set one, a late link's expiry).
      close_at: iso(d.link ? applicantLastMoment(d) : d.closeAt),
      updated_at: updatedAt.toISOString(),
    };
  });
}

/**
 * The conditional writes of the autosave and submit fast path (decision 014): one `UPDATE … RETURNING`
 * that changes the row only when every rule still holds — the caller's own application, the expected
 * version, an answerable status, a live program inside its window, and the program version whose form
 * cleaned the answers. No row back means "take the locked path", which says which rule failed.
 * Prepared once per database handle (named statements on PostgreSQL).
 */
const fastWhere = (owner: SQL) =>
  and(
    eq(applications.id, sql.placeholder('id')),
    eq(applications.userId, owner),
    eq(applications.version, sql.placeholder('version')),
    eq(programs.id, applications.programId),
    eq(programs.version, sql.placeholder('programVersion')),
    sql`${programs.published} and ${programs.deletedAt} is null`,
    sql`not exists (select 1 from ${organizations} o where o.id = ${programs.organizationId} and o.deleted_at is not null)`,
    sql`(${programs.openAt} is null or ${programs.openAt} <= ${sql.placeholder('now')}::timestamptz)`,
    sql`(${programs.closeAt} is null or ${programs.closeAt} >= ${sql.placeholder('now')}::timestamptz)`,
    // An open change request (decision 063): its applicant's edits take the locked path, which checks the lock.
    sql`(${applications.changesDueAt} is null or ${applications.changesDueAt} <= ${sql.placeholder('now')}::timestamptz)`,
    // Invited to the next stage (decision 066): read-only; the locked path answers 409.
    sql`not ${stageLockedSql(sql`${applications.id}`)}`,
  );
const byUser = sql`${sql.placeholder('userId')}`;
const now = sql`${sql.placeholder('now')}::timestamptz`;
const returned = { version: applications.version, status: applications.status };

const prepared = perDatabase((db: Db) => {
  const save = (owner: SQL, name: string) =>
    db
      .update(applications)
      .set({
        answers: sql`${sql.placeholder('answers')}::jsonb`,
        version: sql`${applications.version} + 1`,
        updatedAt: now,
      })
      .from(programs)
      .where(
        and(
          fastWhere(owner),
          // A submitted application stays complete: the caller says whether these answers are.
          sql`(${applications.status} = 'draft' or (${applications.status} = 'submitted' and ${sql.placeholder('complete')}::boolean))`,
        ),
      )
      .returning(returned)
      .prepare(name);
  const submit = db
    .update(applications)
    .set({
      answers: sql`${sql.placeholder('answers')}::jsonb`,
      status: 'submitted',
      submittedAt: sql`coalesce(${applications.submittedAt}, ${now})`,
      profileSnapshot: sql`${sql.placeholder('snapshot')}::jsonb`,
      // The first submission is version 1 (decision 063); its row is written by the caller.
      submissionVersion: sql`greatest(${applications.submissionVersion}, 1)`,
      // The save and the submit of the locked path, each one version.
      version: sql`${applications.version} + 2`,
      updatedAt: now,
    })
    .from(programs)
    .where(and(fastWhere(byUser), sql`${applications.status} in ('draft', 'submitted')`))
    // First submission (submitted_at was empty): the caller queues the receipt.
    .returning({ ...returned, first: sql<boolean>`${applications.submittedAt} = ${now}` })
    .prepare('applications_fast_submit');
  return {
    save: save(byUser, 'applications_fast_save'),
    saveBySession: save(sessionUserId, 'applications_fast_save_by_session'),
    submit,
  };
});

interface FastWrite {
  id: string;
  version: number;
  programVersion: number;
  answers: Record<string, unknown>;
  now: Date;
}

const params = (w: FastWrite) => ({
  id: w.id,
  version: w.version,
  programVersion: w.programVersion,
  answers: JSON.stringify(w.answers),
  now: w.now.toISOString(),
});

type Written = { version: number; status: ApplicationStatus } | null;
type Submitted = { version: number; status: ApplicationStatus; first: boolean } | null;

/** The new version and status, or null when a rule does not hold (the locked path decides). */
export async function fastSaveAnswers(
  db: Db,
  owner: Owner,
  write: FastWrite & { complete: boolean },
): Promise<Written> {
  const statements = prepared(db);
  const values = { ...params(write), complete: write.complete };
  const [row] =
    'userId' in owner
      ? await statements.save.execute({ ...values, userId: owner.userId })
      : await statements.saveBySession.execute({ ...values, ...sessionUserParams(owner.session) });
  return row ?? null;
}

/** The new version and status, or null when a rule does not hold (the locked path decides). */
export async function fastSubmit(
  db: Db,
  write: FastWrite & { userId: string; snapshot: Record<string, unknown> },
): Promise<Submitted> {
  const [row] = await prepared(db).submit.execute({
    ...params(write),
    userId: write.userId,
    snapshot: JSON.stringify(write.snapshot),
  });
  return row ?? null;
}
