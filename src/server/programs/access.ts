import { type Actor, can, isSuperAdmin, type ProgramScope } from '../../shared/policy';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { Forbidden, NotFound } from '../errors';
import { programScope } from './queries';

export interface ProgramAccess {
  actor: Actor;
  scope: ProgramScope;
  /** Org admin of its organization, program admin of it, or super admin. */
  admin: boolean;
  /** Coalition manager (by assignment, not merely super admin) of a coalition its organization belongs to. */
  coalitionEditor: boolean;
  superAdmin: boolean;
}

/**
 * Who the actor is to a program. A program the actor may neither administer nor edit through a
 * coalition is simply not found (404), so its existence does not leak to other tenants.
 */
export async function programAccess(db: Db, actor: Actor | null, programId: string): Promise<ProgramAccess> {
  const me = requireActor(actor);
  const scope = await programScope(db, programId);
  if (!scope) throw new NotFound('Program not found.');
  const access = {
    actor: me,
    scope,
    admin: can(me, { kind: 'program:admin', program: scope }),
    coalitionEditor: (scope.coalitionIds ?? []).some((id) => me.coalitionManager.includes(id)),
    superAdmin: isSuperAdmin(me),
  };
  if (!access.admin && !access.coalitionEditor) throw new NotFound('Program not found.');
  return access;
}

export function assertAdmin(access: ProgramAccess) {
  if (!access.admin) throw new Forbidden();
}

/** Realtime: may this user watch a program's changes (the editors and super admins)? */
export async function canWatchProgram(db: Db, actor: Actor | null, programId: string): Promise<boolean> {
  try {
    await programAccess(db, actor, programId);
    return true;
  } catch {
    return false;
  }
}
