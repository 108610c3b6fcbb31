import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { organizations } from '../db/schema';
import { type OutgoingEmail, queueEmails } from '../mail';

/**
 * Inside the transaction of a super admin's approval or change request: an email to the program's
 * org admins (and its program admins), with the note. Keyed by the program's new version, so each
 * decision is told once.
 */
export async function queueProgramReviewed(
  tx: Db,
  program: { id: string; name: string; organizationId: string },
  outcome: 'approved' | 'changes_requested',
  note: string | null,
  version: number,
): Promise<void> {
  const [org] = await tx
    .select({ name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, program.organizationId));
  if (!org) return;
  const admins = rowsOf<{ user_id: string; email: string; name: string | null }>(
    await tx.execute(sql`
      select distinct a.user_id, u.email, coalesce(pr.full_name, nullif(u.name, '')) as name
      from assignments a
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where a.status = 'active' and pr.deleted_at is null
        and ((a.kind = 'org_admin' and a.scope_type = 'org' and a.scope_id = ${program.organizationId})
          or (a.kind = 'program_admin' and a.scope_type = 'program' and a.scope_id = ${program.id}))`),
  );
  const emails: OutgoingEmail<'program_reviewed'>[] = admins.map((a) => ({
    kind: 'program_reviewed',
    to: { email: a.email, userId: a.user_id },
    about: { entity: program.id, version: `${outcome}:${version}` },
    organizationId: program.organizationId,
    programId: program.id,
    data: {
      name: a.name,
      outcome,
      programName: program.name,
      orgName: org.name,
      note,
      programId: program.id,
      orgSlug: org.slug,
    },
  }));
  await queueEmails(tx, emails as OutgoingEmail[]);
}
