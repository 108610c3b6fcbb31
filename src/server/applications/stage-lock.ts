import { type SQL, sql } from 'drizzle-orm';
import { stageMessages } from '../../shared/domain/stages';
import { Conflict } from '../errors';

/**
 * The read-only earlier stage (decision 066): once its applicant is invited to the next stage (an
 * invitation not withdrawn), an application's answers are final. Every write of answers checks it:
 * the fast path's conditional write (applications/queries.ts), the locked path and answer files.
 */

/** SQL: the application (a column or alias) has an invitation to a later stage not withdrawn. */
export const stageLockedSql = (applicationId: SQL) =>
  sql`exists (select 1 from stage_invitations si where si.from_application_id = ${applicationId} and si.withdrawn_at is null)`;

/** Refuses a write to an application whose applicant was invited to the next stage (409). */
export function assertNotStageLocked(row: { stageLocked?: boolean | null }) {
  if (row.stageLocked) throw new Conflict(stageMessages.lockedByStage);
}
