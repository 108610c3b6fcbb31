import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AssignedUser } from '../../shared/schemas/program-assignments';
import type { Db } from '../db/client';
import { assignments, profiles, user } from '../db/schema';

export type ProgramRole = 'reviewer' | 'program_admin';

/** The program's active reviewers and admins (assigned to the program itself), by name then email. */
export async function programAssignmentRows(db: Db, programId: string) {
  const rows = await db
    .select({
      kind: assignments.kind,
      user_id: assignments.userId,
      full_name: profiles.fullName,
      email: user.email,
    })
    .from(assignments)
    .innerJoin(user, eq(user.id, assignments.userId))
    .innerJoin(profiles, eq(profiles.id, assignments.userId))
    .where(
      and(
        eq(assignments.scopeType, 'program'),
        eq(assignments.scopeId, programId),
        inArray(assignments.kind, ['reviewer', 'program_admin']),
        eq(assignments.status, 'active'),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(sql`lower(coalesce(${profiles.fullName}, ${user.email}))`, asc(user.email));
  const pick = (kind: ProgramRole): AssignedUser[] =>
    rows
      .filter((r) => r.kind === kind)
      .map(({ user_id, full_name, email }) => ({ user_id, full_name, email }));
  return { program_id: programId, reviewers: pick('reviewer'), admins: pick('program_admin') };
}

/** A live (not soft-deleted) user by email; emails are stored lowercase. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, fullName: profiles.fullName })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(user.email, email.toLowerCase()), isNull(profiles.deletedAt)));
  return row ?? null;
}
