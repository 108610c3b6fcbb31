import { eq } from 'drizzle-orm';
import { LIMITS } from '../../shared/domain/limits';
import type { Actor } from '../../shared/policy';
import { can } from '../../shared/policy';
import type { AdminProgram } from '../../shared/schemas/programs';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { Forbidden, NotFound } from '../errors';
import { settingsOf, writeSettings } from '../scoring/queries';
import { programAccess } from './access';
import { adminProgram, recordEvent } from './queries';

const SUFFIX = ' (copy)';

/** "Spring Auditions (copy)", kept within the name limit. */
export const copyName = (name: string) => `${name.slice(0, LIMITS.name - SUFFIX.length)}${SUFFIX}`;

/**
 * Copy a program (issue 29 item 5): a new draft of the same organization with the same form (its
 * newest: pending changes included), reviewer form, review settings and rubric, reminders and
 * description; named "… (copy)", with no dates, publication, applications, reviewers' work or results.
 * Its org admins (and super admins) copy any of its programs, live, closed or archived; a coalition
 * manager copies the programs of their coalition's organizations. The copy is new: it goes through
 * approval as every new draft does.
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
    const name = copyName(source.name);
    const [row] = await tx
      .insert(programs)
      .values({
        organizationId: source.organizationId,
        name,
        type: source.type,
        description: source.description,
        form: source.pendingForm ?? source.form,
        reviewerForm: source.reviewerForm,
        reminderHours: source.reminderHours,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: programs.id });
    const settings = await settingsOf(tx, id);
    if (settings.version > 0) {
      const { version: _version, ...kept } = settings;
      await writeSettings(tx, row.id, kept, me.userId, now);
    }
    await recordEvent(tx, { programId: row.id, kind: 'created', to: 'draft', actorId: me.userId, at: now });
    await recordAudit(tx, {
      actor: me,
      action: 'program.created',
      target: { type: 'program', id: row.id, label: name },
      orgId: source.organizationId,
      summary: `copy of ${source.name}`,
      at: now,
    });
    return row.id;
  });
  return (await adminProgram(db, copyId))!;
}
