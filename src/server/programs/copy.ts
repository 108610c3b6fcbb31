import { and, asc, eq, isNull } from 'drizzle-orm';
import { LIMITS } from '../../shared/domain/limits';
import type { Actor } from '../../shared/policy';
import { can } from '../../shared/policy';
import type { AdminProgram } from '../../shared/schemas/programs';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { Forbidden, NotFound } from '../errors';
import { copyLetterSettings } from '../letters/service';
import { copyMessageSettings } from '../messages/service';
import { settingsOf, writeSettings } from '../scoring/queries';
import { programAccess } from './access';
import { adminProgram, recordEvent } from './queries';

const SUFFIX = ' (copy)';

/** "Spring Auditions (copy)", kept within the name limit. */
export const copyName = (name: string) => `${name.slice(0, LIMITS.name - SUFFIX.length)}${SUFFIX}`;

type ProgramRow = typeof programs.$inferSelect;

/**
 * One program row copied into a new draft: the same form (its newest: pending changes included),
 * reviewer form, review settings and rubric, reminders, grace period, retention, letter and message
 * settings and description; no dates, publication, applications, reviewers' work or results.
 * `stage` places it in a copied chain (decision 066).
 */
async function copyRow(
  tx: Db,
  source: ProgramRow,
  target: { name: string; stage?: { rootId: string; number: number } },
  by: string,
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(programs)
    .values({
      organizationId: source.organizationId,
      name: target.name,
      type: source.type,
      description: source.description,
      form: source.pendingForm ?? source.form,
      reviewerForm: source.reviewerForm,
      reminderHours: source.reminderHours,
      // A program a super admin asked changes of needs their approval: so does its copy (a copy is
      // never a way around the approval).
      requiresSuperApproval: source.requiresSuperApproval,
      // Settings, not dates: minutes of grace after whatever close date the copy gets, and how long
      // its applications are kept after it (issues 31 and 33).
      graceMinutes: source.graceMinutes,
      retentionMonths: source.retentionMonths,
      ...(target.stage
        ? {
            parentProgramId: target.stage.rootId,
            stageNumber: target.stage.number,
            stageShowPreviousScores: source.stageShowPreviousScores,
          }
        : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: programs.id });
  const settings = await settingsOf(tx, source.id);
  if (settings.version > 0) {
    const { version: _version, ...kept } = settings;
    await writeSettings(tx, row.id, kept, by, now);
  }
  // Who may read letters in a blind program, and may reviewers write in the threads (off unless set).
  await copyLetterSettings(tx, source.id, row.id);
  await copyMessageSettings(tx, source.id, row.id);
  await recordEvent(tx, { programId: row.id, kind: 'created', to: 'draft', actorId: by, at: now });
  return row.id;
}

/**
 * Copy a program (issue 29 item 5): a new draft of the same organization (see `copyRow`), named
 * "… (copy)". Its org admins (and super admins) copy any of its programs, live, closed or archived;
 * a coalition manager copies the programs of their coalition's organizations. The copy is new: it
 * goes through approval as every new draft does, and needs a super admin's approval when its source
 * does.
 *
 * Programs in stages (decision 066): copying stage 1 copies the chain. Its later stages (those not
 * deleted, numbered again 2..n) are copied the same way, each from its own form and reviewer form, as
 * the stages of the new draft, with their names and their "show the previous stage's score" setting;
 * no invitations. Copying a later stage alone makes an ordinary program of it (stage 1 of nothing):
 * its form and review settings, open to everyone once published.
 */
export async function copyProgram(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
): Promise<AdminProgram> {
  const access = await programAccess(db, actor, id);
  const me = access.actor;
  if (!can(me, { kind: 'org:admin', orgId: access.scope.orgId }) && !access.coalitionEditor)
    throw new Forbidden();
  const now = clock.now();
  const copyId = await db.transaction(async (tx) => {
    const [source] = await tx.select().from(programs).where(eq(programs.id, id));
    if (!source) throw new NotFound('Program not found.');
    const later = source.parentProgramId
      ? []
      : await tx
          .select()
          .from(programs)
          .where(and(eq(programs.parentProgramId, source.id), isNull(programs.deletedAt)))
          .orderBy(asc(programs.stageNumber));
    const name = copyName(source.name);
    const rootId = await copyRow(tx, source, { name }, me.userId, now);
    await recordAudit(tx, {
      actor: me,
      action: 'program.created',
      target: { type: 'program', id: rootId, label: name },
      orgId: source.organizationId,
      summary: source.parentProgramId
        ? `copy of stage ${source.stageNumber} (${source.name}), as a program of its own`
        : later.length
          ? `copy of ${source.name} with its ${later.length + 1} stages`
          : `copy of ${source.name}`,
      at: now,
    });
    for (const [i, stage] of later.entries()) {
      const number = i + 2;
      const stageId = await copyRow(
        tx,
        stage,
        { name: stage.name, stage: { rootId, number } },
        me.userId,
        now,
      );
      await recordAudit(tx, {
        actor: me,
        action: 'stage.added',
        target: { type: 'program', id: stageId, label: stage.name },
        orgId: source.organizationId,
        summary: `stage ${number} of ${name}; copy of stage ${stage.stageNumber} of ${source.name}`,
        at: now,
      });
    }
    return rootId;
  });
  return (await adminProgram(db, copyId))!;
}
