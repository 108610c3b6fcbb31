import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { assignments } from '../db/schema';
import { queueEmail } from '../mail';
import type { ProgramAdminAccess } from './access';
import type { ProgramRole } from './queries';

/**
 * Inside the transaction that adds a reviewer or admin to a program: tells them, with a link to the
 * program's queue. Keyed by the assignment row, so adding someone already there sends nothing, and
 * adding them again after a removal (a new row) tells them again.
 */
export async function queueRoleAdded(
  tx: Db,
  access: ProgramAdminAccess,
  kind: ProgramRole,
  person: { id: string; email: string; fullName: string | null },
): Promise<void> {
  const [row] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.userId, person.id),
        eq(assignments.kind, kind),
        eq(assignments.scopeType, 'program'),
        eq(assignments.scopeId, access.program.id),
      ),
    );
  if (!row) return;
  await queueEmail(tx, {
    kind: 'role_added',
    to: { email: person.email, userId: person.id },
    about: { entity: `${kind}:${access.program.id}`, version: row.id },
    organizationId: access.scope.orgId,
    programId: access.program.id,
    data: {
      name: person.fullName,
      role: kind,
      programName: access.program.name,
      orgName: access.program.organizationName,
      programId: access.program.id,
      orgSlug: access.program.organizationSlug,
    },
  });
}
