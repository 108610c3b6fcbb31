import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  defaultVisibility,
  normalizeCustomMessage,
  publishedMessage,
  stageResultMessages,
  updatedMessage,
  type Visibility,
} from '../../shared/domain/results';
import { type Actor, can, isSuperAdmin } from '../../shared/policy';
import type {
  PublishedResult,
  PublishProgramCard,
  PublishQueue,
  PublishResult,
  publishInput,
  UpdatePublishedResult,
  updatePublishedInput,
} from '../../shared/schemas/results';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { organizations, programs } from '../db/schema';
import { Forbidden, Invalid, NotFound } from '../errors';
import { deliveryOfProgram } from '../mail/service';
import { type ProgramAdminAccess, programAdminAccess } from '../program-assignments/access';
import { emitWebhookEvent } from '../webhooks';
import { queueResultEmails, queueResultUpdatedEmails, resultProgramOf } from './emails';
import {
  applicantNames,
  existingPublications,
  finalizedAmong,
  galleryPrograms,
  insertPublications,
  notifyPublished,
  publishQueueItems,
  resultsOf,
  updatePublications,
} from './queries';
import { lockNextStage, type ResultStage, resultStageOf } from './stages';

export const NOT_FINALIZED = 'Only finalized results of this program can be published.';
export const NOT_PUBLISHED = 'Only published results of this program can be updated.';

/** What the applicants see, for the audit log: `shown: decision, score; message: yes`. */
function visibilityWords(v: Visibility): string {
  const shown = (['decision', 'score', 'comments'] as const).filter((k) => v[k]);
  return `shown: ${shown.join(', ') || 'nothing'}; message: ${v.customMessage ? 'yes' : 'no'}`;
}

/** The visibility a call asks for, missing fields taken from the program's defaults. */
function visibilityOf(input: z.output<typeof publishInput>['visibility'], defaults: Visibility): Visibility {
  return {
    decision: input?.decision ?? defaults.decision,
    score: input?.score ?? defaults.score,
    comments: input?.comments ?? defaults.comments,
    customMessage: normalizeCustomMessage(input?.customMessage),
  };
}

const resultProgram = (access: ProgramAdminAccess, stage: ResultStage | null) =>
  resultProgramOf(
    {
      id: access.program.id,
      name: access.program.name,
      orgId: access.scope.orgId,
      orgName: access.program.organizationName,
    },
    stage,
  );

/** Delivery of a program's result emails (sent / pending / failed, and why). */
export async function programMailDelivery(db: Db, actor: Actor | null, programId: string, mailOff: boolean) {
  await programAdminAccess(db, actor, programId);
  return deliveryOfProgram(db, programId, ['results_published', 'result_updated'], mailOff);
}

/**
 * The Publish Results gallery: the organization's published programs with finalized and published
 * counts. Org admins and super admins see every one; a program admin sees the programs they administer.
 */
export async function publishGallery(
  db: Db,
  actor: Actor | null,
  slug: string,
): Promise<{ items: PublishProgramCard[]; total: number }> {
  const me = requireActor(actor);
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.deletedAt)));
  if (!org) throw new NotFound('Organization not found');
  let only: string[] | null = null;
  if (!isSuperAdmin(me) && !can(me, { kind: 'org:admin', orgId: org.id })) {
    if (me.programAdmin.length === 0) throw new Forbidden();
    const mine = await db
      .select({ id: programs.id })
      .from(programs)
      .where(eq(programs.organizationId, org.id));
    only = mine.map((p) => p.id).filter((id) => me.programAdmin.includes(id));
    if (only.length === 0) throw new Forbidden();
  }
  const items = await galleryPrograms(db, org.id, only);
  return { items, total: items.length };
}

export async function publishQueue(db: Db, actor: Actor | null, programId: string): Promise<PublishQueue> {
  const { program } = await programAdminAccess(db, actor, programId);
  const [items, stage] = await Promise.all([
    publishQueueItems(db, programId, program.name),
    resultStageOf(db, programId),
  ]);
  return {
    program: { id: program.id, name: program.name, organization_slug: program.organizationSlug },
    stage,
    default_visibility: defaultVisibility(program.reviewerForm),
    items,
    total: items.length,
  };
}

/**
 * Publishes finalized results to their applicants, in one transaction: every selected id is re-checked
 * (this program's, finalized) or nothing happens; each result is published once (again is a no-op);
 * the visibility and a payload with only the visible fields are stored; each applicant gets a
 * `results_published` notification, a realtime event after commit and an email (queued in the same
 * transaction, keyed by the publication: publishing again sends nothing). An applicant invited to
 * the next stage gets no result here (results/stages.ts): named, the call is refused; with 'all', they
 * are left out; an invitation being made meanwhile is waited for.
 */
export async function publishResults(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: z.output<typeof publishInput>,
): Promise<PublishResult> {
  const access = await programAdminAccess(db, actor, programId);
  const visibility = visibilityOf(input.visibility, defaultVisibility(access.program.reviewerForm));
  const ids = input.mode === 'selected' ? [...new Set(input.application_ids ?? [])] : null;
  const onlyUnpublished = input.only_unpublished ?? true;
  const now = clock.now();

  return db.transaction(async (tx) => {
    await lockNextStage(tx, programId);
    const stage = await resultStageOf(tx, programId);
    if (ids) {
      const finalized = await finalizedAmong(tx, programId, ids);
      const refused = ids.filter((id) => !finalized.has(id));
      if (refused.length > 0) throw new Invalid(NOT_FINALIZED, { application_ids: NOT_FINALIZED });
      if (ids.some((id) => finalized.get(id)?.onward)) {
        const m = stageResultMessages.invitedOnward;
        throw new Invalid(m, { application_ids: m });
      }
    }
    const before = onlyUnpublished ? [] : await existingPublications(tx, programId, ids);
    const created = await insertPublications(tx, {
      programId,
      ids,
      visibility,
      by: access.actor.userId,
      at: now,
    });
    await notifyPublished(tx, programId, access.program.name, created);
    if (created.length > 0)
      await recordAudit(tx, {
        actor: access.actor,
        action: 'results.published',
        target: { type: 'results', id: programId, label: access.program.name },
        orgId: access.scope.orgId,
        summary: `${created.length} result(s) published; ${visibilityWords(visibility)}`,
        at: now,
      });
    await queueResultEmails(
      tx,
      resultProgram(access, stage),
      created.map((p) => p.publication_id),
    );
    if (created.length > 0)
      await publishedWebhook(tx, access.scope.orgId, programId, stage?.stage_number ?? 1, created, now);
    const names = await applicantNames(tx, [
      ...before.map((p) => p.user_id),
      ...created.map((p) => p.user_id),
    ]);
    const items = [
      ...created.map((p) => ({
        publication_id: p.publication_id,
        application_id: p.application_id,
        applicant_name: names.get(p.user_id) ?? null,
        published_at: p.published_at,
        already_published: false,
      })),
      ...before.map((p) => ({
        publication_id: p.publication_id,
        application_id: p.application_id,
        applicant_name: names.get(p.user_id) ?? null,
        published_at: p.published_at.toISOString(),
        already_published: true,
      })),
    ];
    return { message: publishedMessage(input.mode, created.length), published: created.length, items };
  });
}

/** Most application ids one results.published event lists (the count is always complete). */
const WEBHOOK_IDS = 1000;

/**
 * One event per publish action, with the count, (up to 1,000 of) the application ids and the stage
 * whose results they are (1 for a program without stages).
 */
function publishedWebhook(
  tx: Db,
  orgId: string,
  programId: string,
  stageNumber: number,
  created: { publication_id: string; application_id: string }[],
  at: Date,
) {
  return emitWebhookEvent(tx, {
    type: 'results.published',
    scope: { organizationId: orgId },
    key: `results.published:${programId}:${created[0].publication_id}`,
    data: {
      program_id: programId,
      stage_number: stageNumber,
      published_count: created.length,
      application_ids: created.slice(0, WEBHOOK_IDS).map((p) => p.application_id),
      application_ids_complete: created.length <= WEBHOOK_IDS,
      published_at: at.toISOString(),
    },
    at,
  });
}

/**
 * Corrects what was sent (docs/decisions/018): the given published results (or all of the program's)
 * get the new visibility and a payload rebuilt from their finalized review, in one transaction; an id
 * that is not a published result of this program refuses the whole call. Each applicant is notified.
 * A result superseded by an invitation to the next stage is not corrected (nor its applicant told).
 */
export async function updatePublishedResults(
  db: Db,
  actor: Actor | null,
  programId: string,
  input: z.output<typeof updatePublishedInput>,
): Promise<UpdatePublishedResult> {
  const access = await programAdminAccess(db, actor, programId);
  const visibility = visibilityOf(input.visibility, defaultVisibility(access.program.reviewerForm));
  const ids = input.application_ids ? [...new Set(input.application_ids)] : null;
  return db.transaction(async (tx) => {
    await lockNextStage(tx, programId);
    const stage = await resultStageOf(tx, programId);
    const updated = await updatePublications(tx, { programId, ids, visibility });
    if (ids && updated.length !== ids.length)
      throw new Invalid(NOT_PUBLISHED, { application_ids: NOT_PUBLISHED });
    await notifyPublished(tx, programId, access.program.name, updated);
    if (updated.length > 0)
      await recordAudit(tx, {
        actor: access.actor,
        action: 'results.corrected',
        target: { type: 'results', id: programId, label: access.program.name },
        orgId: access.scope.orgId,
        summary: `${updated.length} published result(s) corrected; now ${visibilityWords(visibility)}`,
      });
    await queueResultUpdatedEmails(
      tx,
      resultProgram(access, stage),
      updated.map((p) => p.publication_id),
    );
    return { message: updatedMessage(updated.length), updated: updated.length };
  });
}

/** The signed-in user's own published results (nobody else's, and never a hidden field). */
export async function myResults(
  db: Db,
  actor: Actor | null,
): Promise<{ items: PublishedResult[]; total: number }> {
  const me = requireActor(actor);
  const items = await resultsOf(db, me.userId);
  return { items, total: items.length };
}

/** Realtime: a user's notifications topic is theirs alone. */
export function canWatchNotifications(actor: Actor, userId: string): boolean {
  return !actor.deleted && actor.userId === userId;
}
