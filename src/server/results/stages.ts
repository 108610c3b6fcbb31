/**
 * Results per stage (issue 32 item 4, decision 066). One rule: an applicant's result is that of the
 * last stage they reached. An application whose applicant was invited to the next stage (an
 * invitation not withdrawn) has no result of its own: it is not in its program's queue, cannot be
 * published or corrected, and a result published for it before the invitation is superseded (not
 * shown, counted, exported or corrected) while the invitation stands. Withdrawing the invitation
 * makes it the applicant's last stage again. Everything else about publishing is per program, so per
 * stage, unchanged: a stage's "not shortlisted" outcome is its own publication with its own message.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PublishQueue } from '../../shared/schemas/results';
import { stageLockedSql } from '../applications/stage-lock';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { applications, programs, publications } from '../db/schema';

/** SQL: the applicant of the application (a column or alias) was invited to the next stage (not withdrawn). */
export const invitedOnwardSql = stageLockedSql;

/** SQL: the application holds its applicant's result: they reached no later stage from it. */
export const resultHereSql = (applicationId: SQL) => sql`not ${invitedOnwardSql(applicationId)}`;

/**
 * SQL, the condition of a join of `publications` to a stage-1 (or ordinary) program's `applications`
 * row: the result of that program for its applicant, whichever stage holds it — the last they
 * reached. At most one: an applicant has one application per program, and only the last stage's
 * holds a result.
 */
export const programResultOn = () =>
  sql`${publications.userId} = ${applications.userId}
    and ${publications.programId} in (select pc.id from ${programs} pc
      where pc.id = ${applications.programId} or pc.parent_program_id = ${applications.programId})
    and ${resultHereSql(sql`${publications}.application_id`)}`;

/**
 * Inside a publishing transaction: waits for an invitation to the next stage being made (it holds the
 * next stage's row, applications/stages.ts) and keeps new ones out until this one commits, so the
 * statements after it see every invitation that counts. Nothing to lock for a last stage.
 */
export async function lockNextStage(tx: Db, programId: string): Promise<void> {
  await tx.execute(sql`
    select n.id from programs p
    join programs n on n.parent_program_id = coalesce(p.parent_program_id, p.id)
      and n.stage_number = p.stage_number + 1
    where p.id = ${programId}
    for update of n`);
}

export type ResultStage = NonNullable<PublishQueue['stage']>;

/**
 * The program's place among its stages, for the publish page, emails and webhooks: null for a program
 * without stages. `program_name` is stage 1's (the program the applicant applied to). One statement.
 */
export async function resultStageOf(db: Db, programId: string): Promise<ResultStage | null> {
  const [row] = rowsOf<{
    stage_number: number;
    program_name: string;
    next_id: string | null;
    next_name: string | null;
    invited_onward: number | null;
    staged: boolean;
  }>(
    await db.execute(sql`
      select p.stage_number, coalesce(root.name, p.name) as program_name, n.id as next_id, n.name as next_name,
        (select count(*) from stage_invitations si where si.stage_program_id = n.id and si.withdrawn_at is null)::int
          as invited_onward,
        (p.parent_program_id is not null or n.id is not null) as staged
      from programs p
      left join programs root on root.id = p.parent_program_id
      left join programs n on n.parent_program_id = coalesce(p.parent_program_id, p.id)
        and n.stage_number = p.stage_number + 1
      where p.id = ${programId}`),
  );
  if (!row?.staged) return null;
  return {
    stage_number: Number(row.stage_number),
    program_name: row.program_name,
    next: row.next_id ? { id: row.next_id, name: row.next_name ?? '' } : null,
    invited_onward: Number(row.invited_onward ?? 0),
  };
}
