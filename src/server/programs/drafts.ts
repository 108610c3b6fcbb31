import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../shared/policy';
import { emptyApplicationForm } from '../../shared/schemas/forms';
import type { AdminProgram, createProgramInput } from '../../shared/schemas/programs';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { organizations, programs } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { assertAdmin, programAccess } from './access';
import { adminProgram, orgPrograms, programForUpdate, recordEvent } from './queries';
import { transitioned } from './transitions';

async function liveOrg(db: Db, slug: string) {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.deletedAt)));
  if (!org) throw new NotFound('Organization not found.');
  return org;
}

export async function listOrgPrograms(db: Db, actor: Actor | null, slug: string, deleted: boolean) {
  const org = await liveOrg(db, slug);
  assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const items = await orgPrograms(db, org.id, deleted);
  return { items, total: items.length };
}

/** A new draft: unpublished, status draft, an empty form. Drafts must be reviewed/approved before publishing. */
export async function createDraft(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
  input: z.output<typeof createProgramInput>,
): Promise<AdminProgram> {
  const org = await liveOrg(db, slug);
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const openAt = input.open_at ? new Date(input.open_at) : null;
  const closeAt = input.close_at ? new Date(input.close_at) : null;
  if (openAt && closeAt && closeAt < openAt) {
    const message = 'The close date must not be before the open date.';
    throw new Invalid(message, { close_at: message });
  }
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programs)
      .values({
        organizationId: org.id,
        name: input.name,
        type: input.type,
        description: input.description || null,
        openAt,
        closeAt,
        form: emptyApplicationForm(),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: programs.id });
    await recordEvent(tx, { programId: row.id, kind: 'created', to: 'draft', actorId: me.userId, at: now });
    await recordAudit(tx, {
      actor: me,
      action: 'program.created',
      target: { type: 'program', id: row.id, label: input.name },
      orgId: org.id,
      summary: `draft ${input.type}`,
      at: now,
    });
    return row.id;
  });
  return (await adminProgram(db, id))!;
}

export async function setProgramDeleted(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  id: string,
  deleted: boolean,
) {
  const access = await programAccess(db, actor, id);
  assertAdmin(access);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const current = await programForUpdate(tx, id);
    if (!current) throw new NotFound('Program not found.');
    if (!!current.program.deletedAt === deleted) {
      throw new Conflict(deleted ? 'This program is already deleted.' : 'This program is not deleted.');
    }
    await tx
      .update(programs)
      .set({ deletedAt: deleted ? now : null, updatedAt: now })
      .where(eq(programs.id, id));
    await transitioned(tx, {
      programId: id,
      kind: deleted ? 'deleted' : 'restored',
      actorId: access.actor.userId,
      at: now,
    });
  });
  return (await adminProgram(db, id))!;
}
