import { and, eq, isNull } from 'drizzle-orm';
import { ORG_APPLICATION_PROGRAM_ID } from '../../shared/domain/applyhub';
import { visibleProfileSnapshot } from '../../shared/domain/profile-visibility';
import { decisionOf, reviewWriteProblem } from '../../shared/domain/reviews';
import { scoringMessages } from '../../shared/domain/scoring';
import { type Actor, can, effectiveRoles, isSuperAdmin, type ProgramScope } from '../../shared/policy';
import { applicationFormSchema } from '../../shared/schemas/forms';
import type {
  InboxStatus,
  OrgReviewList,
  PendingCounts,
  Review,
  ReviewDetail,
  ReviewList,
  ReviewQueue,
  ReviewsQuery,
  SaveReviewInput,
} from '../../shared/schemas/reviews';
import { APPLICATION_NOT_FOUND, applicationReader, readableApplication } from '../applications/access';
import { screeningAnswersOf } from '../applications/screening-pass';
import { previousStageFor } from '../applications/stages';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { assertCan, requireActor } from '../context';
import type { Db } from '../db/client';
import { organizations, reviews } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { whenOrgRequestReviewed } from '../featured/org-requests';
import type { Who } from '../http/openapi';
import { letterProgress } from '../letters/documents';
import { programScope } from '../programs/queries';
import { notifyTopic } from '../realtime/notify';
import { applicantNumbers } from '../scoring/queries';
import { independentQueueItems } from '../scoring/queue';
import { applicationForReviewer } from '../scoring/redaction';
import { actorOfRow, type SessionCheck, sessionActorSql } from '../users/queries';
import { emitWebhookEvent } from '../webhooks';
import {
  decodeCursor,
  hideIdentities,
  type InboxFilter,
  type ListCursor,
  listReviews,
  orgReviews,
  pendingCounts,
  programQueue,
  type ReviewScope,
  reviewDetailRow,
  reviewerFormOf,
  reviewOf,
} from './queries';

export const reviewMessages = {
  stale: 'Someone else changed this review. Their version is shown; your text is kept.',
  finalized: 'This review has been finalized and can no longer be changed.',
  programNotFound: 'Program not found.',
};

/** A refused write (stale version or finalized review); the response carries the review as it now is. */
export class ReviewConflict extends Conflict {
  constructor(
    message: string,
    readonly review: Review | null,
  ) {
    super(message);
  }
}

/** Topics a review change is announced on: the application's review, and every review list. */
export const reviewTopic = (applicationId: string) => `review:${applicationId}`;
export const REVIEWS_TOPIC = 'reviews';

/** The programs an actor may review: all (super admin) or their organizations' and programs' ids. */
export function reviewScopeOf(actor: Actor): ReviewScope {
  if (isSuperAdmin(actor)) return { all: true };
  return {
    all: false,
    orgIds: [...new Set([...actor.orgAdmin, ...actor.reviewerOrgs])],
    programIds: [...new Set([...actor.reviewerPrograms, ...actor.programAdmin])],
    admin: { orgIds: actor.orgAdmin, programIds: actor.programAdmin, userId: actor.userId },
  };
}

/** Anyone who may review something (reviewers, program and org admins, super admins). */
/** Route caller check of the all-reviews list (`who`, DESIGN §5 rule 13): the same refusal as `getAllReviews`. */
export const reviewersAnywhere: Who = (_c, actor) => {
  if (!mayReviewAnything(requireActor(actor))) throw new Forbidden();
};

export function mayReviewAnything(actor: Actor): boolean {
  if (actor.deleted) return false;
  if (isSuperAdmin(actor)) return true;
  const roles = effectiveRoles(actor);
  return roles.has_reviewer || roles.has_admin;
}

/**
 * An application whose review the actor may read and write: a submitted application of a program the
 * actor reviews (directly or through its organization, as program or org admin, or as super admin).
 * Its applicant, and everyone else, get the same 404 as a missing application.
 */
export async function reviewableApplication(db: Db, actor: Actor | null, applicationId: string) {
  const ref = await readableApplication(db, actor, applicationId);
  if (ref.role !== 'reviewer') throw new NotFound(APPLICATION_NOT_FOUND);
  return ref;
}

/** Realtime rule for `review:<applicationId>`: the same check as reading the review. */
export async function canWatchReview(db: Db, actor: Actor, applicationId: string): Promise<boolean> {
  try {
    await reviewableApplication(db, actor, applicationId);
    return true;
  } catch {
    return false;
  }
}

/**
 * Realtime: which events of the `reviews` topic one listener hears (one filter per stream). Each event
 * names its program and, for a sheet, its application: the listener hears it only if they review or
 * export that program, and an application's event only through the application gate, so a reviewer
 * hears nothing of another organization's programs, nor of an application they are not assigned to
 * or recused from.
 */
export function reviewsEventFilter(db: Db, actor: Actor): (data: unknown) => Promise<boolean> {
  const scopes = new Map<string, Promise<ProgramScope | null>>();
  return async (data) => {
    if (isSuperAdmin(actor)) return true;
    const { program_id: programId, application_id: applicationId } = (data ?? {}) as Record<string, unknown>;
    if (typeof programId !== 'string' || !UUID.test(programId)) return false;
    let scope = scopes.get(programId);
    if (!scope) {
      scope = programScope(db, programId);
      scopes.set(programId, scope);
    }
    const program = await scope;
    if (!program) return false;
    if (!can(actor, { kind: 'program:review', program }) && !can(actor, { kind: 'program:export', program }))
      return false;
    if (applicationId === undefined) return true;
    if (typeof applicationId !== 'string' || !UUID.test(applicationId)) return false;
    return applicationReader(db, actor, applicationId, { exporters: true }).then(
      (ref) => ref.programId === programId,
      () => false,
    );
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getReviewDetail(
  db: Db,
  actor: Actor | null,
  applicationId: string,
): Promise<ReviewDetail> {
  const { access } = await reviewableApplication(db, actor, applicationId);
  const row = await reviewDetailRow(db, applicationId);
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  const form = applicationFormSchema.parse(row.form ?? {});
  const shown = await applicationForReviewer(db, access.view, {
    form,
    answers: row.answers,
    snapshot: visibleProfileSnapshot(form, row.profileSnapshot),
  });
  const hide = access.view.hideIdentity;
  const independent = access.settings.mode === 'independent';
  return {
    application: {
      ...row.application,
      ...(hide
        ? {
            applicant_id: null,
            applicant_name: null,
            applicant_number: (await applicantNumbers(db, [applicationId])).get(applicationId) ?? null,
          }
        : { applicant_number: null }),
      identity_hidden: hide,
    },
    applicant_answers: shown.answers,
    application_schema: shown.form,
    profile_snapshot: shown.snapshot,
    // In independent scoring the shared review is the admins' final decision.
    review: independent && !access.admin ? null : row.review,
    reviewer_form: reviewerFormOf(row.reviewerForm),
    review_mode: access.settings.mode,
    can_admin: access.admin,
    // The eligibility screening answers (decision 061): the program's admins only.
    screening_answers:
      access.admin && row.application.applicant_id
        ? await screeningAnswersOf(db, row.application.program_id, row.application.applicant_id, form)
        : null,
    // A later stage's reviewers read the previous stage beside it (decision 066).
    previous_stage: await previousStageFor(db, applicationId, access),
  };
}

/**
 * Creates or updates the shared review. Only the fields the program's reviewer form enables are
 * accepted; the decision must be one of its options. The write carries the version it was based on
 * (0: there was no review): a stale one, or any write after finalizing, is refused with the current
 * review. Records the last editor and the times, and announces the change when it commits.
 */
export async function saveReview(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
  input: SaveReviewInput,
): Promise<Review> {
  const ref = await reviewableApplication(db, actor, applicationId);
  const me = requireActor(actor);
  if (ref.access.settings.mode === 'independent') throw new Conflict(scoringMessages.sharedOnly);
  const detail = await reviewDetailRow(db, applicationId);
  const config = reviewerFormOf(detail?.reviewerForm);
  const problem = reviewWriteProblem(config, input);
  if (problem) throw new Invalid(problem.message, { [problem.field]: problem.message });

  const now = clock.now();
  await db.transaction((tx) =>
    writeReview(tx, {
      applicationId,
      programId: ref.programId,
      version: input.version,
      fields: { score: input.score, comments: input.comments, ratings: input.ratings },
      finalize: input.finalize === true,
      by: me,
      at: now,
      audit: {
        orgId: ref.scope.orgId,
        label: `${detail?.application.program_name ?? ''} · ${detail?.application.applicant_name ?? 'applicant'}`,
      },
    }),
  );
  return (await reviewOf(db, applicationId))!;
}

/**
 * Writes the shared review of an application inside `tx`: refused (ReviewConflict) when finalized or
 * when `version` is stale; records the editor and times; announces the change on commit. The one
 * write path of the reviews table: the collaborative review, and an independent-scoring program's
 * final decision (scoring/sheets.ts).
 */
export async function writeReview(
  tx: Db,
  input: {
    applicationId: string;
    programId: string;
    version: number;
    fields: { score?: number | null; comments?: string | null; ratings?: Record<string, unknown> };
    finalize: boolean;
    by: Actor;
    at: Date;
    /** What the audit log records of a finalize (decision 038). */
    audit: { orgId: string; label: string };
  },
): Promise<void> {
  const { applicationId, fields: given, finalize, at: now } = input;
  const current = await reviewOf(tx, applicationId, { lock: true });
  if (current?.status === 'submitted') throw new ReviewConflict(reviewMessages.finalized, current);
  if ((current?.version ?? 0) !== input.version) throw new ReviewConflict(reviewMessages.stale, current);
  const fields = {
    ...(given.score !== undefined ? { score: given.score } : {}),
    ...(given.comments !== undefined ? { comments: given.comments } : {}),
    ...(given.ratings !== undefined ? { ratings: given.ratings, decision: decisionOf(given.ratings) } : {}),
    ...(finalize ? { status: 'submitted' as const, submittedAt: now } : {}),
    reviewerId: input.by.userId,
    updatedAt: now,
  };
  if (current) {
    await tx
      .update(reviews)
      .set({ ...fields, version: current.version + 1 })
      .where(and(eq(reviews.id, current.id), eq(reviews.version, current.version)));
  } else {
    const [created] = await tx
      .insert(reviews)
      .values({ applicationId, programId: input.programId, ...fields, createdAt: now, version: 1 })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!created) throw new ReviewConflict(reviewMessages.stale, await reviewOf(tx, applicationId));
  }
  const version = (current?.version ?? 0) + 1;
  // A finalized review of an org creation request that declines it tells the requester (issue 19).
  if (finalize && input.programId === ORG_APPLICATION_PROGRAM_ID)
    await whenOrgRequestReviewed(tx, applicationId, decisionOf(given.ratings ?? current?.ratings ?? {}));
  if (finalize) {
    const review = await reviewOf(tx, applicationId);
    await recordAudit(tx, {
      actor: input.by,
      action: 'review.finalized',
      target: { type: 'review', id: applicationId, label: input.audit.label },
      orgId: input.audit.orgId,
      summary: `status: ${current?.status ?? 'not started'} → finalized; score: ${review?.score ?? '(none)'}; decision: ${review?.decision ?? '(none)'}`,
      at: now,
    });
    await emitWebhookEvent(tx, {
      type: 'review.finalized',
      scope: { organizationId: input.audit.orgId },
      key: `review.finalized:${applicationId}:v${version}`,
      data: {
        application_id: applicationId,
        program_id: input.programId,
        decision: review?.decision ?? null,
        finalized_at: now.toISOString(),
      },
      at: now,
    });
  }
  await notifyTopic(tx, reviewTopic(applicationId), { version, status: finalize ? 'submitted' : 'draft' });
  await notifyTopic(tx, REVIEWS_TOPIC, { application_id: applicationId, program_id: input.programId });
}

/**
 * The per-program queue: the program's submitted applications with their review or 'not started'.
 * In independent scoring, the admins' queue with aggregates or a reviewer's assigned applications.
 */
export async function getQueue(db: Db, actor: Actor | null, programId: string): Promise<ReviewQueue> {
  const me = requireActor(actor);
  // Header, scope and rows in one statement; the rows are not shown unless the scope allows it.
  const queue = await programQueue(db, programId);
  if (!queue || !can(me, { kind: 'program:review', program: queue.scope }))
    throw new NotFound(reviewMessages.programNotFound);
  const admin = can(me, { kind: 'program:admin', program: queue.scope });
  const hideIdentity = queue.blind && !admin;
  const items =
    queue.mode === 'independent'
      ? await independentQueueItems(db, programId, { userId: me.userId, admin, hideIdentity })
      : await hideIdentities(
          db,
          queue.items.map((i) => ({ ...i, identity_hidden: hideIdentity })),
        );
  return queueOf(queue, items, admin);
}

/**
 * The same for a session not yet loaded, read in the same one statement (decision 031); null for
 * anything but a shared-review queue the session's user may see in full, which the usual path then
 * answers (independent scoring and blind review need more than the one statement).
 */
export async function queueForSession(
  db: Db,
  session: SessionCheck,
  programId: string,
): Promise<ReviewQueue | null> {
  const queue = await programQueue(db, programId, sessionActorSql(session));
  if (queue?.mode !== 'shared' || queue.blind) return null;
  const me = await actorOfRow(db, queue.head);
  if (!can(me, { kind: 'program:review', program: queue.scope })) return null;
  return queueOf(queue, queue.items, can(me, { kind: 'program:admin', program: queue.scope }));
}

function queueOf(
  queue: NonNullable<Awaited<ReturnType<typeof programQueue>>>,
  items: ReviewQueue['items'],
  admin: boolean,
): ReviewQueue {
  return {
    program: queue.program,
    items,
    total: items.length,
    can_admin: admin,
    review_mode: queue.mode,
    blind: queue.blind,
    sheet_visibility: queue.sheetVisibility,
  };
}

/** All Reviews: the reviews of every program the caller may review, filtered on the server. */
export async function getAllReviews(db: Db, actor: Actor | null, query: ReviewsQuery): Promise<ReviewList> {
  const me = requireActor(actor);
  if (!mayReviewAnything(me)) throw new Forbidden();
  return listReviews(db, {
    scope: reviewScopeOf(me),
    userId: me.userId,
    search: query.search || undefined,
    mine: query.mine === 'true',
    status: query.status,
    programId: query.program_id,
    limit: query.limit,
    offset: query.offset,
    after: query.cursor ? cursorOf(query.cursor) : undefined,
  });
}

/** Per program the caller reviews: how many submitted applications still wait for a finalized review. */
export async function getPendingCounts(db: Db, actor: Actor | null): Promise<PendingCounts> {
  const me = requireActor(actor);
  if (!mayReviewAnything(me)) throw new Forbidden();
  return { items: await pendingCounts(db, reviewScopeOf(me), me.userId) };
}

function cursorOf(text: string): ListCursor {
  const cursor = decodeCursor(text);
  if (!cursor)
    throw new Invalid('This page link is no longer valid. Reload the list.', { cursor: 'invalid' });
  return cursor;
}

/** The org admin's Applications Inbox: every submitted application of the organization, with its review. */
export async function getOrgReviews(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
  status: InboxStatus,
  filter: InboxFilter = {},
): Promise<OrgReviewList> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.deletedAt)));
  if (!org) throw new NotFound('Organization not found.');
  assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const { items, counts } = await orgReviews(db, org.id, status, clock.now(), filter);
  const letters = await letterProgress(db, items);
  return {
    items: items.map((i) => ({ ...i, letters: letters.get(i.application_id) ?? null })),
    total: items.length,
    counts,
  };
}
