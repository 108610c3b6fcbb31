import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications, organizations, profiles, programs, user } from '../db/schema';
import { queueEmail } from '../mail';

/**
 * Inside the transaction that submits a version of an application: the applicant's receipt (program,
 * organization, time, version, link), keyed by the application and version so each is sent once.
 */
export async function queueSubmissionReceipt(
  tx: Db,
  applicationId: string,
  submittedAt: Date,
  version = 1,
): Promise<void> {
  const [row] = await tx
    .select({
      userId: applications.userId,
      email: user.email,
      name: sql<string | null>`coalesce(${profiles.fullName}, nullif(${user.name}, ''))`,
      programId: programs.id,
      programName: programs.name,
      orgId: organizations.id,
      orgName: organizations.name,
    })
    .from(applications)
    .innerJoin(user, eq(user.id, applications.userId))
    .leftJoin(profiles, eq(profiles.id, applications.userId))
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(applications.id, applicationId));
  if (!row) return;
  await queueEmail(tx, {
    kind: 'submission_receipt',
    to: { email: row.email, userId: row.userId },
    // Version 1 keeps the key receipts always had (sent once); each later version gets its own.
    about: version > 1 ? { entity: applicationId, version } : { entity: applicationId },
    organizationId: row.orgId,
    programId: row.programId,
    data: {
      name: row.name,
      programName: row.programName,
      orgName: row.orgName,
      submittedAt: submittedAt.toISOString(),
      applicationId,
      version,
    },
  });
}
