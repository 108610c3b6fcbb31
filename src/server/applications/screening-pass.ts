/**
 * Eligibility screening passes (issue 29 item 2, decision 061): whether an applicant passed a
 * program's current screening, the dashboard's numbers and the answers admins read.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  screeningFingerprint,
  screeningMessages,
  screeningOf,
  screeningRuleSentence,
} from '../../shared/domain/screening';
import type { ApplicationForm, Screening } from '../../shared/schemas/forms';
import type { ScreeningStats } from '../../shared/schemas/screening';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { screeningResults } from '../db/schema';
import { Conflict } from '../errors';

/** The fingerprint a pass is tied to (decision 061): a changed screening is a new one. */
export const screeningHash = (screening: Screening) =>
  createHash('sha256').update(screeningFingerprint(screening)).digest('hex');

/** Refusal to start or submit without a pass of the current screening (409; `fields.screening`). */
export class ScreeningRequired extends Conflict {
  constructor() {
    super(screeningMessages.required, { screening: 'required' });
  }
}

/**
 * Whether `userId` has passed the screening of this live form (true when it has none). Runs on the
 * handle given (a transaction's, where one is open).
 */
export async function passedScreening(
  db: Db,
  programId: string,
  userId: string,
  form: Pick<ApplicationForm, 'screening'> | null | undefined,
): Promise<boolean> {
  const screening = screeningOf(form);
  if (!screening) return true;
  // A later stage is reached by invitation, which stands for its eligibility (decision 066).
  const [row] = rowsOf<{ passed: boolean | null; stage: boolean }>(
    await db.execute(sql`
      select (select s.passed from ${screeningResults} s
               where s.program_id = ${programId} and s.user_id = ${userId}
                 and s.screening_hash = ${screeningHash(screening)}) as passed,
             exists (select 1 from programs p where p.id = ${programId} and p.parent_program_id is not null) as stage`),
  );
  return row?.stage === true || row?.passed === true;
}

/** Throws ScreeningRequired unless the user passed this form's current screening. */
export async function assertScreened(
  db: Db,
  programId: string,
  userId: string,
  form: Pick<ApplicationForm, 'screening'> | null | undefined,
) {
  if (!(await passedScreening(db, programId, userId, form))) throw new ScreeningRequired();
}

/** The dashboard's screening numbers for the live form's screening; null without one. */
export async function screeningStats(
  db: Db,
  programId: string,
  form: Pick<ApplicationForm, 'screening'>,
  closeAt: string | Date | null,
): Promise<ScreeningStats | null> {
  const screening = screeningOf(form);
  if (!screening) return null;
  const hash = screeningHash(screening);
  const [facts] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    select count(*) filter (where passed)::int as passed,
           count(*) filter (where not passed)::int as screened_out,
           coalesce((select jsonb_object_agg(rule, n) from (
             select r.value as rule, count(*)::int as n
               from ${screeningResults} s, jsonb_array_elements_text(s.failed_rules) r
              where s.program_id = ${programId} and s.screening_hash = ${hash} and not s.passed
              group by r.value) per), '{}'::jsonb) as by_rule
      from ${screeningResults}
     where program_id = ${programId} and screening_hash = ${hash}`),
  );
  const perRule = (facts?.by_rule ?? {}) as Record<string, number>;
  return {
    passed: Number(facts?.passed ?? 0),
    screened_out: Number(facts?.screened_out ?? 0),
    by_rule: screening.pass.rules.map((rule, i) => ({
      rule: screeningRuleSentence(rule, screening.questions, closeAt),
      failed: perRule[String(i)] ?? 0,
    })),
  };
}

/** An applicant's kept screening answers as the program's admins read them (question, answer). */
export async function screeningAnswersOf(
  db: Db,
  programId: string,
  userId: string,
  form: Pick<ApplicationForm, 'screening'>,
): Promise<{ question: string; answer: string }[] | null> {
  const screening = screeningOf(form);
  if (!screening) return null;
  const [row] = await db
    .select({ answers: screeningResults.answers })
    .from(screeningResults)
    .where(and(eq(screeningResults.programId, programId), eq(screeningResults.userId, userId)));
  if (!row) return null;
  return screening.questions
    .filter((q) => Object.hasOwn(row.answers, q.key))
    .map((q) => {
      const v = row.answers[q.key];
      const answer =
        q.type === 'yes_no' ? (v === 'yes' ? 'Yes' : 'No') : Array.isArray(v) ? v.join(', ') : String(v);
      return { question: q.label, answer: q.unit ? `${answer} ${q.unit}` : answer };
    });
}
