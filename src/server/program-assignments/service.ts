import type { z } from 'zod';
import type { Actor } from '../../shared/policy';
import type {
  AssignmentChange,
  addAssignmentInput,
  ProgramAssignments,
} from '../../shared/schemas/program-assignments';
import type { Db } from '../db/client';
import { Invalid } from '../errors';
import { removeAssignment, upsertAssignment } from '../users/assignments';
import { programAdminAccess } from './access';
import { queueRoleAdded } from './emails';
import { findUserByEmail, type ProgramRole, programAssignmentRows } from './queries';

export const USER_NOT_FOUND = 'User not found. They need to sign up first.';
export const NAME_MISMATCH =
  "Name doesn't match the user's profile. Please use the correct name or leave empty.";

const messages: Record<ProgramRole, { added: string; removed: string }> = {
  reviewer: { added: 'Reviewer added successfully!', removed: 'Reviewer removed successfully!' },
  program_admin: { added: 'Admin added successfully!', removed: 'Admin removed successfully!' },
};

/** Names match ignoring case and spacing. */
const sameName = (a: string, b: string | null) =>
  !!b && a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export async function listProgramAssignments(
  db: Db,
  actor: Actor | null,
  programId: string,
): Promise<ProgramAssignments> {
  await programAdminAccess(db, actor, programId);
  return programAssignmentRows(db, programId);
}

/**
 * Adds an existing user, found by email, as a reviewer or admin of the program (idempotent; the role
 * bump applies). A name, when given, must match the user's profile.
 */
export async function addProgramAssignment(
  db: Db,
  actor: Actor | null,
  programId: string,
  kind: ProgramRole,
  input: z.output<typeof addAssignmentInput>,
): Promise<AssignmentChange> {
  const access = await programAdminAccess(db, actor, programId);
  const found = await findUserByEmail(db, input.email);
  if (!found) throw new Invalid(USER_NOT_FOUND, { email: USER_NOT_FOUND });
  const name = input.name?.trim();
  if (name && !sameName(name, found.fullName)) throw new Invalid(NAME_MISMATCH, { name: NAME_MISMATCH });
  await db.transaction(async (tx) => {
    await upsertAssignment(tx, {
      userId: found.id,
      kind,
      scopeType: 'program',
      scopeId: programId,
      by: access.actor.userId,
    });
    await queueRoleAdded(tx, access, kind, found);
  });
  return { message: messages[kind].added, assignments: await programAssignmentRows(db, programId) };
}

/** Removes a reviewer or admin from the program (removing someone not assigned changes nothing). */
export async function removeProgramAssignment(
  db: Db,
  actor: Actor | null,
  programId: string,
  kind: ProgramRole,
  userId: string,
): Promise<AssignmentChange> {
  const access = await programAdminAccess(db, actor, programId);
  await db.transaction((tx) =>
    removeAssignment(tx, { userId, kind, scopeType: 'program', scopeId: programId, by: access.actor.userId }),
  );
  return { message: messages[kind].removed, assignments: await programAssignmentRows(db, programId) };
}
