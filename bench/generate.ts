/**
 * Set-based data generators shared by the benches and the fault tests: they take any `query(text,
 * values)` (a `pg` client or pool, or PGlite) and write rows straight in SQL, thousands a statement.
 * They bypass the services on purpose (they build a data set, not a journey), so they write only
 * what the services would have written for that state.
 */

/** `pg.Client`, `pg.Pool` and PGlite all have it. */
export interface SqlQuery {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

export interface FinalizedResultsOptions {
  /** A published program of the demo data set with no results of its own (e.g. demoProgramId(3)). */
  programId: string;
  count: number;
  /** Applicants are `<prefix>-<n>@bench.test`, named `Bench Applicant <n>` (default `bench-applicant`). */
  emailPrefix?: string;
}

/**
 * `count` onboarded applicants, each with a submitted application to the program and a finalized
 * review (random score, decision accept/waitlist/reject, a comment): what "publish all finalized
 * results" publishes. One transaction; `analyze` afterwards so the planner sees the new sizes.
 */
export async function generateFinalizedResults(
  db: SqlQuery,
  { programId, count, emailPrefix = 'bench-applicant' }: FinalizedResultsOptions,
): Promise<void> {
  const like = `${emailPrefix}-%@bench.test`;
  await db.query('begin');
  try {
    await db.query(
      `insert into "user" (id, email, name, email_verified)
       select gen_random_uuid(), $1 || '-' || n || '@bench.test', 'Bench Applicant ' || n, true
       from generate_series(1, $2::int) n`,
      [emailPrefix, count],
    );
    await db.query(
      `insert into profiles (id, full_name, onboarded_at, accepted_terms_at)
       select id, name, now(), now() from "user" where email like $1`,
      [like],
    );
    await db.query(
      `insert into applications (program_id, user_id, status, submitted_at)
       select $1::uuid, id, 'submitted', now() from "user" where email like $2`,
      [programId, like],
    );
    await db.query(
      `insert into reviews (application_id, program_id, score, comments, decision, ratings, status, submitted_at)
       select a.id, a.program_id, s.score,
         'Confident performance with a clear sense of line; work on intonation in the upper register.',
         s.decision, jsonb_build_object('decision', s.decision), 'submitted', now()
       from applications a
       join "user" u on u.id = a.user_id and u.email like $2
       cross join lateral (select (random() * 100)::int as score,
         (array['accept', 'waitlist', 'reject'])[1 + (random() * 2)::int] as decision
         where a.id is not null) s
       where a.program_id = $1::uuid`,
      [programId, like],
    );
    await db.query('commit');
  } catch (err) {
    await db.query('rollback').catch(() => {});
    throw err;
  }
  await db.query('analyze');
}

export interface SubmittedApplicationsOptions {
  programId: string;
  count: number;
  /** Applicants are `<prefix>-<n>@bench.test`, named `Bench Applicant <n>`. */
  emailPrefix: string;
  /** Every application's answers. */
  answers?: Record<string, unknown>;
}

/**
 * `count` onboarded applicants, each with a submitted application to the program carrying
 * `answers` (no review): the shortlist a program in stages invites to its next stage (decision 066).
 * One transaction.
 */
export async function generateSubmittedApplications(
  db: SqlQuery,
  { programId, count, emailPrefix, answers = {} }: SubmittedApplicationsOptions,
): Promise<void> {
  const like = `${emailPrefix}-%@bench.test`;
  await db.query('begin');
  try {
    await db.query(
      `insert into "user" (id, email, name, email_verified)
       select gen_random_uuid(), $1 || '-' || n || '@bench.test', 'Bench Applicant ' || n, true
       from generate_series(1, $2::int) n`,
      [emailPrefix, count],
    );
    await db.query(
      `insert into profiles (id, full_name, onboarded_at, accepted_terms_at)
       select id, name, now(), now() from "user" where email like $1`,
      [like],
    );
    await db.query(
      `insert into applications (program_id, user_id, status, submitted_at, submission_version, answers)
       select $1::uuid, id, 'submitted', now(), 1, $3::jsonb from "user" where email like $2`,
      [programId, like, JSON.stringify(answers)],
    );
    await db.query('commit');
  } catch (err) {
    await db.query('rollback').catch(() => {});
    throw err;
  }
}
