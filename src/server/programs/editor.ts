import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { formProblem, normalizeForm } from '../../shared/domain/forms';
import { stageMessages } from '../../shared/domain/stages';
import type { Actor } from '../../shared/policy';
import type { ApplicationForm } from '../../shared/schemas/forms';
import type { ProgramEditor, SaveResult, saveFormInput } from '../../shared/schemas/programs';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { coalitions, programs } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { type ProgramAccess, programAccess } from './access';
import { adminProgram, orgCoalitions, programForUpdate } from './queries';
import { goLive, transitioned } from './transitions';

type SaveInput = z.output<typeof saveFormInput>;

export const messages = {
  savedOrg: 'Saved!',
  savedCoalition: 'Saved.',
  pending: 'Changes saved as draft! These changes require super admin approval before going live.',
  submitted: 'Program submitted for super admin approval. It will be published once approved.',
  published: "Program published successfully! It's now live and visible to applicants.",
  stale: 'This program was changed by someone else since you opened it. Reload to see the latest version.',
  locked: 'Super admins review programs; the editor is read-only for them.',
  waiting: 'This program is waiting for super admin approval. Press Edit to change it first.',
  deleted: 'This program is deleted. Restore it before editing.',
};

export async function getEditor(db: Db, actor: Actor | null, id: string): Promise<ProgramEditor> {
  await programAccess(db, actor, id);
  return editorView(db, id);
}

async function editorView(db: Db, id: string): Promise<ProgramEditor> {
  const program = await adminProgram(db, id);
  if (!program) throw new NotFound('Program not found.');
  const [row] = await db
    .select({ form: programs.form, pendingForm: programs.pendingForm, version: programs.version })
    .from(programs)
    .where(eq(programs.id, id));
  return {
    ...program,
    form: row.pendingForm ?? row.form,
    has_pending: !!row.pendingForm,
    version: row.version,
    coalitions: await orgCoalitions(db, program.organization_id),
  };
}

/**
 * Who may change a program's form: its org admins and program admins (org editor), or the managers
 * of a coalition its organization belongs to (coalition editor). A super admin without such an
 * assignment sees the editor locked.
 */
async function assertEditor(db: Db, access: ProgramAccess, input: SaveInput): Promise<string | null> {
  const me = access.actor;
  if (input.editor === 'org') {
    if (me.orgAdmin.includes(access.scope.orgId) || me.programAdmin.includes(access.scope.programId))
      return null;
    throw new Forbidden(access.superAdmin ? messages.locked : undefined);
  }
  if (!input.coalition_slug)
    throw new Invalid('The coalition editor needs its coalition.', { coalition_slug: 'Required.' });
  const [coalition] = await db
    .select({ id: coalitions.id })
    .from(coalitions)
    .where(and(eq(coalitions.slug, input.coalition_slug), isNull(coalitions.deletedAt)));
  if (
    !coalition ||
    !me.coalitionManager.includes(coalition.id) ||
    !(access.scope.coalitionIds ?? []).includes(coalition.id)
  ) {
    throw new Forbidden(access.superAdmin ? messages.locked : undefined);
  }
  return coalition.id;
}

function checkedForm(form: ApplicationForm): ApplicationForm {
  const problem = formProblem(form);
  if (problem) throw new Invalid(problem, { form: problem });
  return normalizeForm(form);
}

type Locked = NonNullable<Awaited<ReturnType<typeof programForUpdate>>>['program'];

/**
 * The save rules (spec 001 §4), applied to a locked row inside a transaction:
 * - a live program never changes under applicants: edits become pending changes (status
 *   pending_changes) until approved or published;
 * - saving while submitted (after Edit) takes the program back to draft;
 * - otherwise the working form is saved directly.
 */
async function applySave(
  tx: Db,
  program: Locked,
  form: ApplicationForm,
  actorId: string,
  now: Date,
): Promise<'saved' | 'pending_changes'> {
  const status = program.reviewStatus;
  const toPending =
    program.published ||
    status === 'pending_changes' ||
    (status === 'changes_requested' && !program.requiresSuperApproval);
  if (toPending) {
    await tx
      .update(programs)
      .set({
        pendingForm: form,
        reviewStatus: 'pending_changes',
        updatedAt: now,
        version: program.version + 1,
      })
      .where(eq(programs.id, program.id));
    await transitioned(tx, {
      programId: program.id,
      kind: 'pending_changes',
      from: status,
      to: 'pending_changes',
      actorId,
      at: now,
    });
    return 'pending_changes';
  }
  const toStatus = status === 'submitted' ? 'draft' : status;
  await tx
    .update(programs)
    .set({ form, pendingForm: null, reviewStatus: toStatus, updatedAt: now, version: program.version + 1 })
    .where(eq(programs.id, program.id));
  await transitioned(tx, {
    programId: program.id,
    kind: 'saved',
    from: status,
    to: toStatus,
    actorId,
    at: now,
  });
  return 'saved';
}

async function lockForEdit(tx: Db, id: string, version: number) {
  const current = await programForUpdate(tx, id);
  if (!current) throw new NotFound('Program not found.');
  if (current.program.deletedAt) throw new Conflict(messages.deleted);
  if (current.program.version !== version) throw new Conflict(messages.stale);
  return current.program;
}

export async function saveForm(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: SaveInput,
): Promise<SaveResult> {
  const access = await programAccess(db, actor, id);
  await assertEditor(db, access, input);
  const form = checkedForm(input.form);
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const program = await lockForEdit(tx, id, input.version);
    return applySave(tx, program, form, access.actor.userId, now);
  });
  const message =
    outcome === 'pending_changes'
      ? messages.pending
      : input.editor === 'coalition'
        ? messages.savedCoalition
        : messages.savedOrg;
  return { outcome, message, program: await editorView(db, id) };
}

/**
 * Publish always saves first. Then, when super approval is required, the program is submitted;
 * otherwise it goes live at once with the org scope (org editor) or its coalition (coalition editor).
 */
export async function publishProgram(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: SaveInput,
): Promise<SaveResult> {
  const access = await programAccess(db, actor, id);
  const coalitionId = await assertEditor(db, access, input);
  const form = checkedForm(input.form);
  const now = clock.now();
  const me = access.actor.userId;
  let laterStage = false;
  const outcome = await db.transaction(async (tx) => {
    const before = await lockForEdit(tx, id, input.version);
    if (before.reviewStatus === 'submitted') throw new Conflict(messages.waiting);
    laterStage = before.parentProgramId !== null;
    await applySave(tx, before, form, me, now);
    const program = (await programForUpdate(tx, id))!.program;
    if (program.requiresSuperApproval) {
      await tx
        .update(programs)
        .set({
          reviewStatus: 'submitted',
          pendingForm: program.pendingForm ?? program.form,
          publishedCoalitionId: coalitionId ?? program.publishedCoalitionId,
          updatedAt: now,
          version: program.version + 1,
        })
        .where(eq(programs.id, id));
      await transitioned(tx, {
        programId: id,
        kind: 'submitted',
        from: program.reviewStatus,
        to: 'submitted',
        actorId: me,
        at: now,
      });
      return 'submitted' as const;
    }
    await goLive(tx, program, {
      kind: 'published',
      by: me,
      at: now,
      scope: coalitionId ? 'coalition' : 'org',
      coalitionId,
      clearApproval: false,
    });
    return 'published' as const;
  });
  return {
    outcome,
    // A later stage is by invitation only (decision 066): nobody finds it, so the words say so.
    message:
      outcome === 'submitted'
        ? laterStage
          ? stageMessages.stageSubmitted
          : messages.submitted
        : laterStage
          ? stageMessages.stagePublished
          : messages.published,
    program: await editorView(db, id),
  };
}
