import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record';
import type { Deps } from '../context';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  applications,
  files,
  letterRequests,
  letters,
  mailMessages,
  notifications,
  profiles,
  publications,
  user,
} from '../db/schema';
import { registerJobHandler } from '../jobs';
import { logger } from '../log/logger';
import { deleteObjects, personalNeedles, scrubAuditLog } from './erase';

declare module '../jobs/registry' {
  interface JobTypes {
    /** The daily retention run (issue 33 item 23): empty data, scheduled. */
    'privacy.retention': Record<string, never>;
  }
}

/** Any constant: it only has to differ from the other advisory locks the application takes. */
const RETENTION_LOCK_KEY = 7_270_010_056;

/** What the audit log says instead of the applicant's name once their application is gone. */
// The one other label audit_log_erase accepts (drizzle/0020).
const GONE = 'an applicant (application deleted)';

const SKIPPED_RETENTION = 'Not sent: the application was deleted (retention).';

export interface RetentionResult {
  ran: boolean;
  programs: number;
  applications: number;
}

/**
 * Deletes the applications of every program whose retention period has run out (close_at + N months
 * ≤ now): the applications with their answers, files (records here, objects once committed), reviews,
 * score sheets, published results and the notifications about them; the audit log's words naming
 * those applicants are replaced, and one entry per program records the deletion. One instance at a
 * time (an advisory lock taken without waiting).
 */
export async function runRetention(deps: Pick<Deps, 'db' | 'storage'>, now: Date): Promise<RetentionResult> {
  const { result, paths } = await deps.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(${sql.raw(String(RETENTION_LOCK_KEY))}) as locked`,
      ),
    );
    if (!lock?.locked) return { result: { ran: false, programs: 0, applications: 0 }, paths: [] as string[] };
    const due = rowsOf<{ id: string; name: string; org_id: string; months: number }>(
      await tx.execute(sql`
        select p.id, p.name, p.organization_id as org_id, p.retention_months as months
        from programs p
        where p.retention_months is not null and p.close_at is not null
          and p.close_at + make_interval(months => p.retention_months) <= ${now.toISOString()}::timestamptz
          and exists (select 1 from applications a where a.program_id = p.id)`),
    );
    const allPaths: string[] = [];
    let deleted = 0;
    for (const program of due) {
      const n = await eraseProgramApplications(tx, program, now, allPaths);
      deleted += n;
    }
    return { result: { ran: true, programs: due.length, applications: deleted }, paths: allPaths };
  });
  await deleteObjects(deps.storage, paths).catch((err) =>
    logger().warn(
      { err: err instanceof Error ? err.message : String(err), files: paths.length },
      'retention: some files could not be deleted from storage',
    ),
  );
  return result;
}

async function eraseProgramApplications(
  tx: Db,
  program: { id: string; name: string; org_id: string; months: number },
  at: Date,
  paths: string[],
): Promise<number> {
  const apps = await tx
    .select({ id: applications.id, name: profiles.fullName, userName: user.name })
    .from(applications)
    .innerJoin(user, eq(user.id, applications.userId))
    .leftJoin(profiles, eq(profiles.id, applications.userId))
    .where(eq(applications.programId, program.id));
  const ids = apps.map((a) => a.id);
  if (ids.length === 0) return 0;
  const stored = await tx.select({ path: files.path }).from(files).where(inArray(files.applicationId, ids));
  paths.push(...stored.map((f) => f.path));
  // Reference letters' files (decision 065); their rows go with the applications (ON DELETE CASCADE).
  const letterFiles = await tx
    .select({ path: letters.filePath })
    .from(letters)
    .innerJoin(letterRequests, eq(letterRequests.id, letters.requestId))
    .where(inArray(letterRequests.applicationId, ids));
  paths.push(...letterFiles.flatMap((f) => (f.path ? [f.path] : [])));
  const published = await tx
    .select({ id: publications.id })
    .from(publications)
    .where(inArray(publications.applicationId, ids));
  if (published.length)
    await tx.delete(notifications).where(
      inArray(
        sql`${notifications.data}->>'publication_id'`,
        published.map((p) => p.id),
      ),
    );
  // The emails' log keeps that they were sent, not what they said about the applicant; one still
  // waiting is not sent any more.
  await tx
    .update(mailMessages)
    .set({ status: 'skipped', error: SKIPPED_RETENTION, updatedAt: at })
    .where(and(eq(mailMessages.programId, program.id), eq(mailMessages.status, 'pending')));
  await tx.update(mailMessages).set({ data: {} }).where(eq(mailMessages.programId, program.id));
  await scrubAuditLog(tx, {
    ids,
    emails: [],
    needles: personalNeedles(apps.flatMap((a) => [a.name, a.userName])),
    label: GONE,
  });
  // Reviews, score sheets, conflicts, results and file records go with them (ON DELETE CASCADE).
  await tx.delete(applications).where(inArray(applications.id, ids));
  await recordAudit(tx, {
    actor: null,
    action: 'applications.erased',
    target: { type: 'program', id: program.id, label: program.name },
    orgId: program.org_id,
    summary: `${ids.length} application(s) deleted with their files, reviews and results, ${program.months} month(s) after the program closed`,
    at,
  });
  return ids.length;
}

registerJobHandler(
  'privacy.retention',
  async (_job, deps) => {
    const r = await runRetention(deps, deps.clock.now());
    if (r.applications > 0)
      logger().info(
        { programs: r.programs, applications: r.applications },
        'retention: applications deleted',
      );
  },
  { schedule: '17 3 * * *', retryLimit: 2, retryDelaySeconds: 600, timeoutSeconds: 290, batchSize: 1 },
);
