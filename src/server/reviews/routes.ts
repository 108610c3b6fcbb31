import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  orgReviewListSchema,
  orgReviewsQuery,
  pendingCountsSchema,
  reviewConflictSchema,
  reviewDetailSchema,
  reviewListSchema,
  reviewQueueSchema,
  reviewSchema,
  reviewsQuery,
  saveReviewInput,
} from '../../shared/schemas/reviews';
import { applicationReviewer } from '../applications/access';
import { sessionCheck } from '../auth/session';
import type { AppEnv } from '../context';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { programIdParam, slugParam } from '../http/params';
import { orgAdmins } from '../programs/who';
import {
  getAllReviews,
  getOrgReviews,
  getPendingCounts,
  getQueue,
  getReviewDetail,
  queueForSession,
  ReviewConflict,
  reviewersAnywhere,
  saveReview,
} from './service';

const applicationParam = z.object({ id: z.string().uuid('Application ids must be UUIDs.') });
const tags = ['reviews'];

/**
 * GET /api/review/programs/{id}/queue ahead of the session middleware (decision 031): one statement
 * loads the session's actor with the queue. Anything but a queue that actor may see goes on to the
 * route below, which answers as before.
 */
export const queueShortcut: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = sessionCheck(c);
  const param = programIdParam.safeParse({ id: c.req.param('id') });
  if (!session || !param.success) return next();
  const queue = await queueForSession(c.get('deps').db, session, param.data.id);
  return queue ? c.json(queue, 200) : next();
};

/** Reviews, review lists, inbox and program assignments (issue 5). */
export const reviewRoutes = router()
  .openapi(
    apiRoute('getPendingReviewCounts', 'session', {
      method: 'get',
      path: '/review/pending-counts',
      tags,
      summary: 'Per program the caller reviews: submitted applications and those still to review.',
      responses: { ...jsonOk(pendingCountsSchema), ...errors(401, 403) },
    }),
    (c) => ok(c, ({ db, actor }) => getPendingCounts(db, actor)),
  )
  .openapi(
    apiRoute('getReviewQueue', 'session', {
      method: 'get',
      path: '/review/programs/{id}/queue',
      summary: "The caller's review queue of a program",
      tags,
      request: { params: programIdParam },
      responses: { ...jsonOk(reviewQueueSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getQueue(db, actor, param.id)),
  )
  .openapi(
    apiRoute('getReview', 'session', {
      method: 'get',
      path: '/applications/{id}/review',
      summary: 'The shared review of an application (its reviewers and admins)',
      tags,
      request: { params: applicationParam },
      responses: { ...jsonOk(reviewDetailSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => getReviewDetail(db, actor, param.id)),
  )
  .openapi(
    apiRoute('saveReview', 'session', {
      who: applicationReviewer,
      method: 'put',
      path: '/applications/{id}/review',
      summary: 'Save the shared review (optimistic concurrency with version)',
      tags,
      request: { params: applicationParam, ...jsonBody(saveReviewInput) },
      responses: {
        ...jsonOk(reviewSchema),
        409: {
          description: 'Stale version or finalized review: the review as it now is',
          content: { 'application/json': { schema: reviewConflictSchema } },
        },
        ...errors(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      try {
        return c.json(
          await saveReview(db, clock, c.get('actor'), c.req.valid('param').id, c.req.valid('json')),
          200,
        );
      } catch (err) {
        if (err instanceof ReviewConflict)
          return c.json({ error: { code: 'conflict', message: err.message }, review: err.review }, 409);
        throw err;
      }
    },
  )
  .openapi(
    apiRoute('listReviews', 'session', {
      who: reviewersAnywhere,
      method: 'get',
      path: '/reviews',
      summary: 'Every review the caller may read (Applications Inbox; filters, cursor)',
      tags,
      request: { query: reviewsQuery },
      responses: { ...jsonOk(reviewListSchema), ...errors(400, 401, 403) },
    }),
    (c) => ok(c, ({ db, actor, query }) => getAllReviews(db, actor, query)),
  )
  .openapi(
    apiRoute('listOrgReviews', 'token', {
      who: orgAdmins,
      method: 'get',
      path: '/orgs/{slug}/reviews',
      summary:
        "Every application of the organization's programs in an inbox view (program, stage, minimum score, decision)",
      tags,
      request: { params: slugParam, query: orgReviewsQuery },
      responses: { ...jsonOk(orgReviewListSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, clock, actor, param, query }) =>
        getOrgReviews(db, clock, actor, param.slug, query.status, {
          programId: query.program_id,
          since: query.submitted_since,
          stage: query.stage,
          min_score: query.min_score,
          decision: query.decision,
        }),
      ),
  );
