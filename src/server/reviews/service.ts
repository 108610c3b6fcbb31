import { and, eq, isNull } from 'drizzle-orm';
import { visibleProfileSnapshot } from '../../shared/domain/profile-visibility';
import { decisionOf, reviewWriteProblem } from '../../shared/domain/reviews';
import { type Actor, can, effectiveRoles, isSuperAdmin } from '../../shared/policy';
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
import { APPLICATION_NOT_FOUND, readableApplication } from '../applications/access';
import type { Clock } from '../clock';
import { assertCan, requireActor } from '../context';
import type { Db } from '../db/client';
import { organizations, reviews } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { notifyTopic } from '../realtime/notify';
import { actorOfRow, type SessionCheck, sessionActorSql } from '../users/queries';
import {
  decodeCursor,
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
  };
}

/** Anyone who may review something (reviewers, program and org admins, super admins). */
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

export async function getReviewDetail(
  db: Db,
  actor: Actor | null,
  applicationId: string,
): Promise<ReviewDetail> {
  await reviewableApplication(db, actor, applicationId);
  const row = await reviewDetailRow(db, applicationId);
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  const form = applicationFormSchema.parse(row.form ?? {});
  return {
    application: row.application,
    applicant_answers: row.answers,
    application_schema: form,
    profile_snapshot: visibleProfileSnapshot(form, row.profileSnapshot),
    review: row.review,
    reviewer_form: reviewerFormOf(row.reviewerForm),
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
  const detail = await reviewDetailRow(db, applicationId);
  const config = reviewerFormOf(detail?.reviewerForm);
  const problem = reviewWriteProblem(config, input);
  if (problem) throw new Invalid(problem.message, { [problem.field]: problem.message });

  const now = clock.now();
  await db.transaction(async (tx) => {
    const current = await reviewOf(tx, applicationId, { lock: true });
    if (current?.status === 'submitted') throw new ReviewConflict(reviewMessages.finalized, current);
    if ((current?.version ?? 0) !== input.version) throw new ReviewConflict(reviewMessages.stale, current);
    const finalize = input.finalize === true;
    const fields = {
      ...(input.score !== undefined ? { score: input.score } : {}),
      ...(input.comments !== undefined ? { comments: input.comments } : {}),
      ...(input.ratings !== undefined ? { ratings: input.ratings, decision: decisionOf(input.ratings) } : {}),
      ...(finalize ? { status: 'submitted' as const, submittedAt: now } : {}),
      reviewerId: me.userId,
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
        .values({ applicationId, programId: ref.programId, ...fields, createdAt: now, version: 1 })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!created) throw new ReviewConflict(reviewMessages.stale, await reviewOf(tx, applicationId));
    }
    const version = (current?.version ?? 0) + 1;
    await notifyTopic(tx, reviewTopic(applicationId), { version, status: finalize ? 'submitted' : 'draft' });
    await notifyTopic(tx, REVIEWS_TOPIC, { application_id: applicationId, program_id: ref.programId });
  });
  return (await reviewOf(db, applicationId))!;
}

/** The per-program queue: the program's submitted applications with their review or 'not started'. */
export async function getQueue(db: Db, actor: Actor | null, programId: string): Promise<ReviewQueue> {
  const me = requireActor(actor);
  // Header, scope and rows in one statement; the rows are not shown unless the scope allows it.
  const queue = await programQueue(db, programId);
  const shown = queue && queueFor(me, queue);
  if (!shown) throw new NotFound(reviewMessages.programNotFound);
  return shown;
}

/**
 * The same for a session not yet loaded, read in the same one statement (decision 031); null for
 * anything but a queue the session's user may see, which the usual path then answers.
 */
export async function queueForSession(
  db: Db,
  session: SessionCheck,
  programId: string,
): Promise<ReviewQueue | null> {
  const queue = await programQueue(db, programId, sessionActorSql(session));
  return queue && queueFor(await actorOfRow(db, queue.head), queue);
}

function queueFor(
  me: Actor,
  queue: NonNullable<Awaited<ReturnType<typeof programQueue>>>,
): ReviewQueue | null {
  if (!can(me, { kind: 'program:review', program: queue.scope })) return null;
  return {
    program: queue.program,
    items: queue.items,
    total: queue.items.length,
    can_admin: can(me, { kind: 'program:admin', program: queue.scope }),
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
  return { items: await pendingCounts(db, reviewScopeOf(me)) };
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
  actor: Actor | null,
  slug: string,
  status: InboxStatus,
): Promise<OrgReviewList> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.deletedAt)));
  if (!org) throw new NotFound('Organization not found.');
  assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const { items, counts } = await orgReviews(db, org.id, status);
  return { items, total: items.length, counts };
}
