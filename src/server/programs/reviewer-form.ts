import { eq } from 'drizzle-orm';
import { normalizeReviewerForm } from '../../shared/domain/forms';
import type { Actor } from '../../shared/policy';
import { type ReviewerForm, reviewerFormSchema } from '../../shared/schemas/forms';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { Forbidden, Invalid } from '../errors';
import { programAccess } from './access';
import { transitioned } from './transitions';

/** A program's reviewer form; a missing config falls back to the defaults. */
export async function getReviewerForm(db: Db, actor: Actor | null, id: string): Promise<ReviewerForm> {
  await programAccess(db, actor, id);
  const [row] = await db
    .select({ reviewerForm: programs.reviewerForm })
    .from(programs)
    .where(eq(programs.id, id));
  return reviewerFormSchema.parse(row?.reviewerForm ?? {});
}

export async function setReviewerForm(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: ReviewerForm,
): Promise<ReviewerForm> {
  const access = await programAccess(db, actor, id);
  const me = access.actor;
  const editor =
    me.orgAdmin.includes(access.scope.orgId) || me.programAdmin.includes(id) || access.coalitionEditor;
  if (!editor) throw new Forbidden('Super admins review programs; the editor is read-only for them.');
  const normalized = normalizeReviewerForm(input);
  if ('problem' in normalized)
    throw new Invalid(normalized.problem, { decision_options: normalized.problem });
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(programs)
      .set({ reviewerForm: normalized.form, updatedAt: now })
      .where(eq(programs.id, id));
    await transitioned(tx, { programId: id, kind: 'reviewer_form_saved', actorId: me.userId, at: now });
  });
  return normalized.form;
}
