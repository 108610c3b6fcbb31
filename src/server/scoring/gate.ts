import { type ReviewerView, reviewerView } from '../../shared/domain/blind-review';
import { scoringMessages } from '../../shared/domain/scoring';
import { type Actor, can, type ProgramScope } from '../../shared/policy';
import type { SheetStatus } from '../../shared/schemas/scoring';
import type { Db } from '../db/client';
import { Forbidden } from '../errors';
import { accessRow, type Settings } from './queries';

/** What a reviewer (or admin) of an application's program may see of it, decided once per request. */
export interface ReviewerAccess {
  /** Administers the program (org admin, program admin, super admin): sees everything. */
  admin: boolean;
  settings: Settings;
  view: ReviewerView;
  /** The caller's own score sheet of this application. */
  sheet: { id: string; status: SheetStatus } | null;
}

/**
 * The gate every reviewer-facing read of one application passes (applications/access.ts calls it
 * for the 'reviewer' role): in an independent-scoring program a reviewer who does not administer it
 * opens only the applications assigned to them, and never one they have a conflict with (403).
 */
export async function reviewerAccess(
  db: Db,
  me: Actor,
  ref: { id: string; programId: string; scope: ProgramScope },
): Promise<ReviewerAccess> {
  const admin = can(me, { kind: 'program:admin', program: ref.scope });
  const row = await accessRow(db, ref.programId, ref.id, me.userId);
  if (!admin && row.settings.mode === 'independent') {
    if (row.conflicted) throw new Forbidden(scoringMessages.recused);
    if (!row.sheet) throw new Forbidden(scoringMessages.notAssigned);
  }
  return { admin, settings: row.settings, view: reviewerView(row.settings, admin), sheet: row.sheet };
}
