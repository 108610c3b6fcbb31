import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Visibility } from '../../shared/domain/results';
import type { PublishedResult, PublishProgramCard, PublishQueueItem } from '../../shared/schemas/results';
import type { Db } from '../db/client';
import { applications, notifications, profiles, programs, publications, reviews } from '../db/schema';
import { REALTIME_CHANNEL, type RealtimeMessage } from '../realtime/notify';
import { invitedOnwardSql, resultHereSql } from './stages';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The review's decision: the column, else the one in its ratings. */
const decisionOf = sql<string | null>`coalesce(${reviews.decision}, ${reviews.ratings}->>'decision')`;

/**
 * Published, live programs of an organization (optionally only some of them) with their finalized and
 * published counts — of the results held there: an applicant invited to the next stage has theirs
 * there (results/stages.ts) — and their place among stages: one query, the counts on the reviews and
 * publications program indexes.
 * The subqueries name "programs".id explicitly: drizzle leaves columns unqualified when a query reads
 * one table, and an unqualified id would bind to the subquery's own table.
 */
export async function galleryPrograms(
  db: Db,
  orgId: string,
  onlyIds: string[] | null,
): Promise<PublishProgramCard[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  const rows = await db
    .select({
      id: programs.id,
      name: programs.name,
      description: programs.description,
      type: programs.type,
      finalized_count: sql<number>`(select count(*) from ${reviews} r where r.program_id = ${programs}.id and r.status = 'submitted' and ${resultHereSql(sql`r.application_id`)})::int`,
      published_count: sql<number>`(select count(*) from ${publications} pb where pb.program_id = ${programs}.id and ${resultHereSql(sql`pb.application_id`)})::int`,
      stage_number: programs.stageNumber,
      first_stage_name: sql<
        string | null
      >`(select s1.name from ${programs} s1 where s1.id = ${programs}.parent_program_id)`,
      has_next: sql<boolean>`exists (select 1 from ${programs} n where n.parent_program_id = ${programs}.id)`,
    })
    .from(programs)
    .where(
      and(
        eq(programs.organizationId, orgId),
        eq(programs.published, true),
        isNull(programs.deletedAt),
        onlyIds ? inArray(programs.id, onlyIds) : undefined,
      ),
    )
    .orderBy(desc(programs.createdAt));
  return rows.map(({ stage_number, first_stage_name, has_next, ...r }) => ({
    ...r,
    finalized_count: Number(r.finalized_count),
    published_count: Number(r.published_count),
    stage:
      first_stage_name !== null || has_next
        ? { stage_number, program_name: first_stage_name ?? r.name }
        : null,
  }));
}

/**
 * A program's finalized results, newest first, each with whether it is already published; not those
 * of applicants invited to the next stage (their result is that stage's).
 */
export async function publishQueueItems(
  db: Db,
  programId: string,
  programName: string,
): Promise<PublishQueueItem[]> {
  const rows = await db
    .select({
      application_id: reviews.applicationId,
      applicant_name: profiles.fullName,
      decision: decisionOf,
      score: reviews.score,
      comments: reviews.comments,
      submitted_at: reviews.submittedAt,
      publication_id: publications.id,
    })
    .from(reviews)
    .innerJoin(applications, eq(applications.id, reviews.applicationId))
    .leftJoin(profiles, eq(profiles.id, applications.userId))
    .leftJoin(publications, eq(publications.applicationId, reviews.applicationId))
    .where(
      and(
        eq(reviews.programId, programId),
        eq(reviews.status, 'submitted'),
        ne(applications.status, 'withdrawn'),
        resultHereSql(sql`${reviews}.application_id`),
      ),
    )
    .orderBy(desc(reviews.submittedAt), desc(reviews.updatedAt));
  return rows.map((r) => ({
    application_id: r.application_id,
    program_name: programName,
    applicant_name: r.applicant_name,
    decision: r.decision,
    score: r.score,
    comments: r.comments,
    review_finalized_at: iso(r.submitted_at),
    already_published: r.publication_id !== null,
  }));
}

/**
 * The ids (of those given) that are this program's applications with a finalized review, each with
 * whether its applicant was invited to the next stage (then it is not published here).
 */
export async function finalizedAmong(
  tx: Db,
  programId: string,
  ids: string[],
): Promise<Map<string, { onward: boolean }>> {
  const rows = await tx
    .select({
      id: reviews.applicationId,
      onward: sql<boolean>`${invitedOnwardSql(sql`${reviews}.application_id`)}`.mapWith(Boolean),
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.programId, programId),
        eq(reviews.status, 'submitted'),
        sql`not exists (select 1 from ${applications} w where w.id = ${reviews.applicationId} and w.status = 'withdrawn')`,
        sql`${reviews.applicationId} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
      ),
    );
  return new Map(rows.map((r) => [r.id, { onward: r.onward }]));
}

export interface NewPublication {
  publication_id: string;
  application_id: string;
  user_id: string;
  published_at: string;
}

/**
 * Publishes the program's finalized results (all, or the given application ids) that have no
 * publication yet, in one statement: the payload is built in SQL from the visible fields only (hidden
 * ones are null). The unique application key makes it idempotent, also against a concurrent call.
 * An applicant invited to the next stage is never published here (results/stages.ts).
 */
export async function insertPublications(
  tx: Db,
  input: {
    programId: string;
    ids: string[] | null;
    visibility: Visibility;
    by: string;
    at: Date;
  },
): Promise<NewPublication[]> {
  const { visibility: v } = input;
  const shown = (on: boolean, value: SQL) => (on ? value : sql`null`);
  const idFilter = input.ids
    ? sql`and r.application_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(input.ids)}::jsonb))`
    : sql``;
  const result = await tx.execute(sql`
    insert into ${publications}
      (application_id, review_id, program_id, user_id, visibility, payload, published_by, published_at)
    select r.application_id, r.id, r.program_id, a.user_id, ${JSON.stringify(v)}::jsonb,
      jsonb_build_object(
        'decision', ${shown(v.decision, sql`coalesce(r.decision, r.ratings->>'decision')`)},
        'score', ${shown(v.score, sql`r.score`)},
        'comments', ${shown(v.comments, sql`r.comments`)}
      ),
      ${input.by}, ${input.at.toISOString()}::timestamptz
    from ${reviews} r
    join ${applications} a on a.id = r.application_id
    where r.program_id = ${input.programId} and r.status = 'submitted' and a.status <> 'withdrawn'
      and ${resultHereSql(sql`r.application_id`)} ${idFilter}
    order by r.submitted_at
    on conflict (application_id) do nothing
    returning id, application_id, user_id, published_at`);
  return rowsOf<{ id: string; application_id: string; user_id: string; published_at: Date | string }>(
    result,
  ).map((r) => ({
    publication_id: r.id,
    application_id: r.application_id,
    user_id: r.user_id,
    published_at: iso(r.published_at)!,
  }));
}

/**
 * Corrects what published results show: the new visibility and a payload rebuilt from the finalized
 * review with only the visible fields (one statement). Returns the rows changed; a result superseded
 * by an invitation to the next stage is not one of them.
 */
export async function updatePublications(
  tx: Db,
  input: { programId: string; ids: string[] | null; visibility: Visibility },
): Promise<NewPublication[]> {
  const { visibility: v } = input;
  const shown = (on: boolean, value: SQL) => (on ? value : sql`null`);
  const idFilter = input.ids
    ? sql`and pb.application_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(input.ids)}::jsonb))`
    : sql``;
  const result = await tx.execute(sql`
    update ${publications} pb set
      version = pb.version + 1,
      visibility = ${JSON.stringify(v)}::jsonb,
      payload = jsonb_build_object(
        'decision', ${shown(v.decision, sql`coalesce(r.decision, r.ratings->>'decision')`)},
        'score', ${shown(v.score, sql`r.score`)},
        'comments', ${shown(v.comments, sql`r.comments`)}
      )
    from ${reviews} r
    where r.id = pb.review_id and pb.program_id = ${input.programId}
      and ${resultHereSql(sql`pb.application_id`)} ${idFilter}
    returning pb.id, pb.application_id, pb.user_id, pb.published_at`);
  return rowsOf<{ id: string; application_id: string; user_id: string; published_at: Date | string }>(
    result,
  ).map((r) => ({
    publication_id: r.id,
    application_id: r.application_id,
    user_id: r.user_id,
    published_at: iso(r.published_at)!,
  }));
}

/**
 * One `results_published` notification per new publication, and the realtime event on each
 * applicant's `notifications:<userId>` topic: two statements whatever the count. Postgres delivers
 * the events only when the transaction commits (the outbox).
 */
export async function notifyPublished(
  tx: Db,
  programId: string,
  programName: string,
  published: NewPublication[],
): Promise<void> {
  if (published.length === 0) return;
  const rows = published.map((p) => ({
    userId: p.user_id,
    type: 'results_published' as const,
    data: { publication_id: p.publication_id, program_id: programId, program_name: programName },
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(notifications).values(rows.slice(i, i + 1000));
  }
  const messages: RealtimeMessage[] = published.map((p) => ({
    topic: `notifications:${p.user_id}`,
    data: { type: 'results_published', publication_id: p.publication_id },
  }));
  await tx.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, m) from jsonb_array_elements_text(${JSON.stringify(
      messages.map((m) => JSON.stringify(m)),
    )}::jsonb) as m`,
  );
}

/**
 * The applicant's published results, newest first (what the payload holds is already only the
 * visible): one per program in stages, the last stage they reached (a result superseded by an
 * invitation to the next stage is left out), named by stage 1 with the stage beside it.
 */
export async function resultsOf(db: Db, userId: string): Promise<PublishedResult[]> {
  const rows = await db
    .select({
      publication_id: publications.id,
      program_name: programs.name,
      first_stage_name: sql<
        string | null
      >`(select s1.name from ${programs} s1 where s1.id = ${programs.parentProgramId})`,
      stage_number: programs.stageNumber,
      published_at: publications.publishedAt,
      visibility: publications.visibility,
      payload: publications.payload,
    })
    .from(publications)
    .innerJoin(programs, eq(programs.id, publications.programId))
    .where(and(eq(publications.userId, userId), resultHereSql(sql`${publications}.application_id`)))
    .orderBy(desc(publications.publishedAt), desc(publications.id));
  return rows.map((r) => ({
    publication_id: r.publication_id,
    program_name: r.first_stage_name ?? r.program_name,
    stage: r.first_stage_name !== null ? { name: r.program_name, stage_number: r.stage_number } : null,
    published_at: iso(r.published_at)!,
    visibility: {
      decision: !!r.visibility.decision,
      score: !!r.visibility.score,
      comments: !!r.visibility.comments,
      customMessage: r.visibility.customMessage ?? null,
    },
    // Defence in depth: a hidden field is never sent, whatever the stored payload holds.
    payload: {
      decision: r.visibility.decision ? (r.payload.decision ?? null) : null,
      score: r.visibility.score ? (r.payload.score ?? null) : null,
      comments: r.visibility.comments ? (r.payload.comments ?? null) : null,
    },
  }));
}

/** Applicant names for the response of a publish call. */
export async function applicantNames(tx: Db, userIds: string[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  for (let i = 0; i < userIds.length; i += 5000) {
    const chunk = userIds.slice(i, i + 5000);
    const rows = await tx
      .select({ id: profiles.id, name: profiles.fullName })
      .from(profiles)
      .where(inArray(profiles.id, chunk));
    for (const r of rows) names.set(r.id, r.name);
  }
  return names;
}

/**
 * Publications that already existed for the given (or all finalized) applications of the program
 * (not those superseded by an invitation to the next stage).
 */
export async function existingPublications(tx: Db, programId: string, ids: string[] | null) {
  return tx
    .select({
      publication_id: publications.id,
      application_id: publications.applicationId,
      user_id: publications.userId,
      published_at: publications.publishedAt,
    })
    .from(publications)
    .where(
      and(
        eq(publications.programId, programId),
        resultHereSql(sql`${publications}.application_id`),
        ids
          ? sql`${publications.applicationId} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`
          : undefined,
      ),
    );
}
