import { eq, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { defaultStageName, MAX_STAGES, stageMessages } from '../../shared/domain/stages';
import { type Actor, can, type ProgramScope } from '../../shared/policy';
import { emptyApplicationForm } from '../../shared/schemas/forms';
import type { AddStageRequest, Stage, StageList, StageSettingsInput } from '../../shared/schemas/stages';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { type AppEnv, requireActor } from '../context';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { coalitionMemberships, programs } from '../db/schema';
import { Conflict, Forbidden, NotFound } from '../errors';
import { rawId, type Who } from '../http/openapi';
import { PROGRAM_NOT_FOUND } from '../program-assignments/access';
import { adminProgram, recordEvent } from './queries';

/**
 * Programs in stages (issue 32, decision 066). A later stage is a program row of its own:
 * `parent_program_id` names the stage-1 program and `stage_number` its place (2..n). Everything a
 * program has (form, window, reviewer form, review mode, rubric, reviewers, approval, results) works
 * for a stage unchanged; this file adds a stage to the chain and lists the chain.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface ChainRow {
  id: string;
  name: string;
  stage_number: number;
  review_status: Stage['review_status'];
  published: boolean;
  open_at: Date | string | null;
  close_at: Date | string | null;
  show_previous_scores: boolean;
  deleted_at: Date | string | null;
  organization_id: string;
  requires_super_approval: boolean;
  type: string;
  reviewer_form: unknown;
  invited: number;
  coalition_ids: string[] | null;
}

const when = (v: Date | string | null) => (v === null ? null : iso(new Date(v)));

/** The whole chain of the program `id` belongs to (stage 1 first), or null: one statement. */
async function chainOf(db: Db, id: string): Promise<ChainRow[] | null> {
  const result = await db.execute(sql`
    with root as (select coalesce(parent_program_id, id) as id from programs where id = ${id})
    select p.id, p.name, p.stage_number, p.review_status, p.published, p.open_at, p.close_at,
      p.stage_show_previous_scores as show_previous_scores, p.deleted_at, p.organization_id,
      p.requires_super_approval, p.type, p.reviewer_form,
      (select count(*) from stage_invitations i where i.stage_program_id = p.id and i.withdrawn_at is null)::int as invited,
      (select coalesce(array_agg(m.coalition_id), '{}') from ${coalitionMemberships} m
        where m.organization_id = p.organization_id) as coalition_ids
    from programs p, root
    where p.id = root.id or p.parent_program_id = root.id
    order by p.stage_number`);
  const rows = rowsOf<ChainRow>(result);
  return rows.length ? rows : null;
}

const scopeOf = (row: ChainRow): ProgramScope => ({
  programId: row.id,
  orgId: row.organization_id,
  coalitionIds: row.coalition_ids ?? [],
});

/**
 * Who sees a program's chain: its admins (of any stage), the reviewers of any stage, the managers of
 * a coalition its organization belongs to, super admins. Anyone else: 404.
 */
async function chainReader(db: Db, actor: Actor | null, id: string) {
  const me = requireActor(actor);
  const chain = await chainOf(db, id);
  if (!chain) throw new NotFound(PROGRAM_NOT_FOUND);
  const sees = chain.some(
    (row) =>
      can(me, { kind: 'program:review', program: scopeOf(row) }) ||
      can(me, { kind: 'program:edit-coalition', program: scopeOf(row) }),
  );
  if (!sees) throw new NotFound(PROGRAM_NOT_FOUND);
  return { me, chain };
}

/** Who adds a stage: the organization's admins (and super admins); others who see the chain 403. */
async function stageAdder(db: Db, actor: Actor | null, id: string) {
  const { me, chain } = await chainReader(db, actor, id);
  if (!can(me, { kind: 'org:admin', orgId: chain[0].organization_id })) throw new Forbidden();
  return { me, chain };
}

const programIdOf = (c: Context<AppEnv>) => rawId(c, 'id', () => new NotFound(PROGRAM_NOT_FOUND));

/** Route caller checks (DESIGN §5 rule 13). */
export const stageReaders: Who = (c, actor) => chainReader(c.get('deps').db, actor, programIdOf(c));
export const stageAdders: Who = (c, actor) => stageAdder(c.get('deps').db, actor, programIdOf(c));

function toStage(row: ChainRow): Stage {
  return {
    id: row.id,
    name: row.name,
    stage_number: row.stage_number,
    review_status: row.review_status,
    published: row.published,
    open_at: when(row.open_at),
    close_at: when(row.close_at),
    show_previous_scores: row.show_previous_scores,
    invited: row.invited,
    deleted_at: when(row.deleted_at),
  };
}

/** GET /programs/{id}/stages: the chain the program belongs to, stage 1 first. */
export async function listStages(db: Db, actor: Actor | null, id: string): Promise<StageList> {
  const { chain } = await chainReader(db, actor, id);
  return { items: chain.map(toStage) };
}

/**
 * POST /programs/{id}/stages: the next stage of the chain, a new draft program of the same
 * organization that copies nothing but the organization, the type and a name (and, when asked, the
 * previous stage's reviewer form). Its publication follows the approval rule of the stage-1 program:
 * when stage 1 needs a super admin's approval, so does the new stage (decision 066). Audited.
 */
export async function addStage(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: AddStageRequest,
) {
  const { me, chain } = await stageAdder(db, actor, id);
  const root = chain[0];
  if (root.deleted_at) throw new Conflict(stageMessages.stageOfDeleted);
  const now = clock.now();
  const created = await db.transaction(async (tx) => {
    // One stage at a time per chain: the stage-1 row is the chain's lock.
    await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, root.id)).for('update');
    const [last] = await tx
      .select({ n: programs.stageNumber, reviewerForm: programs.reviewerForm })
      .from(programs)
      .where(or(eq(programs.id, root.id), eq(programs.parentProgramId, root.id)))
      .orderBy(sql`${programs.stageNumber} desc`)
      .limit(1);
    const number = last.n + 1;
    if (number > MAX_STAGES) throw new Conflict(stageMessages.tooManyStages);
    const name = input.name?.trim() || defaultStageName(number);
    const [row] = await tx
      .insert(programs)
      .values({
        organizationId: root.organization_id,
        name,
        type: root.type as typeof programs.$inferInsert.type,
        form: emptyApplicationForm(),
        reviewerForm: input.copy_reviewer_form ? last.reviewerForm : null,
        requiresSuperApproval: root.requires_super_approval,
        parentProgramId: root.id,
        stageNumber: number,
        stageShowPreviousScores: input.show_previous_scores,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: programs.id });
    await recordEvent(tx, { programId: row.id, kind: 'created', to: 'draft', actorId: me.userId, at: now });
    await recordAudit(tx, {
      actor: me,
      action: 'stage.added',
      target: { type: 'program', id: row.id, label: name },
      orgId: root.organization_id,
      summary: `stage ${number} of ${root.name}${input.copy_reviewer_form ? '; reviewer form copied' : ''}`,
      at: now,
    });
    return row.id;
  });
  return (await adminProgram(db, created))!;
}

/**
 * PUT /programs/{id}/stage-settings (the organization's admins): whether the later stage `id`'s
 * reviewers see the previous stage's aggregate score and decision. Audited.
 */
export async function setStageSettings(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  input: StageSettingsInput,
): Promise<Stage> {
  const { me, chain } = await stageAdder(db, actor, id);
  const stage = chain.find((row) => row.id === id)!;
  if (stage.stage_number < 2) throw new Conflict(stageMessages.notAStage);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(programs)
      .set({ stageShowPreviousScores: input.show_previous_scores, updatedAt: now })
      .where(eq(programs.id, id));
    await recordAudit(tx, {
      actor: me,
      action: 'stage.settings_changed',
      target: { type: 'program', id, label: stage.name },
      orgId: stage.organization_id,
      summary: `previous stage's scores ${input.show_previous_scores ? 'shown' : 'hidden'} to its reviewers`,
      at: now,
    });
  });
  return toStage({ ...stage, show_previous_scores: input.show_previous_scores });
}

/** The stage program's place in its chain, or null for an unknown program. */
export async function stageOf(db: Db, programId: string) {
  const [row] = await db
    .select({
      id: programs.id,
      name: programs.name,
      parentProgramId: programs.parentProgramId,
      stageNumber: programs.stageNumber,
      showPreviousScores: programs.stageShowPreviousScores,
    })
    .from(programs)
    .where(eq(programs.id, programId));
  return row ?? null;
}

/** The stage after `programId` in its chain (null when it is the last). */
export async function nextStageOf(db: Db, programId: string) {
  const result = await db.execute(sql`
    select n.id, n.name, n.stage_number, n.form, n.organization_id,
      (n.published and n.deleted_at is null) as live
    from programs p
    join programs n on n.parent_program_id = coalesce(p.parent_program_id, p.id)
      and n.stage_number = p.stage_number + 1
    where p.id = ${programId}`);
  const [row] = rowsOf<{
    id: string;
    name: string;
    stage_number: number;
    form: unknown;
    organization_id: string;
    live: boolean;
  }>(result);
  return row ?? null;
}
