import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  InboxStatus,
  OrgReviewList,
  PendingCounts,
  Review,
  ReviewDetail,
  ReviewList,
  ReviewStatusFilter,
} from '../../../shared/schemas/reviews';
import { api } from '../../lib/api';

import { reviewListsKey } from './queue-query';

export { isUuid, reviewListsKey, reviewQueueQuery } from './queue-query';

const enc = encodeURIComponent;

export interface AllReviewsFilter {
  search: string;
  mine: boolean;
  status: ReviewStatusFilter;
  programId: string;
}

/** All Reviews, a page at a time (keyset: each page asks for the rows after the previous one's cursor). */
export const allReviewsQuery = (f: AllReviewsFilter) =>
  infiniteQueryOptions({
    queryKey: [...reviewListsKey, 'all', f],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ status: f.status, limit: '1000' });
      if (f.search.trim()) params.set('search', f.search.trim());
      if (f.mine) params.set('mine', 'true');
      if (f.programId) params.set('program_id', f.programId);
      if (pageParam) params.set('cursor', pageParam);
      return api<ReviewList>('GET', `/reviews?${params}`);
    },
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

export const pendingCountsQuery = queryOptions({
  queryKey: [...reviewListsKey, 'pending-counts'],
  queryFn: () => api<PendingCounts>('GET', '/review/pending-counts'),
});

export type InboxFilter = InboxStatus;

/** The inbox's narrowing filters (decision 066): a stage number (all programs), a minimum score, a decision. */
export interface InboxNarrowingParams {
  stage?: number;
  minScore?: number;
  decision?: string;
}

/** The narrowing filters as query parameters (`&stage=2&min_score=80&decision=shortlist`), or ''. */
export function narrowingParams(n: InboxNarrowingParams): string {
  return [
    n.stage !== undefined ? `&stage=${n.stage}` : '',
    n.minScore !== undefined ? `&min_score=${n.minScore}` : '',
    n.decision ? `&decision=${enc(n.decision)}` : '',
  ].join('');
}

export const orgReviewsQuery = (
  slug: string,
  status: InboxFilter,
  programId?: string,
  since?: string,
  narrowing: InboxNarrowingParams = {},
) =>
  queryOptions({
    queryKey: [
      ...reviewListsKey,
      'org',
      slug,
      status,
      programId ?? null,
      since ?? null,
      narrowing.stage ?? null,
      narrowing.minScore ?? null,
      narrowing.decision ?? null,
    ],
    queryFn: () =>
      api<OrgReviewList>(
        'GET',
        `/orgs/${enc(slug)}/reviews?status=${status}${programId ? `&program_id=${enc(programId)}` : ''}${
          since ? `&submitted_since=${enc(since)}` : ''
        }${narrowingParams(narrowing)}`,
      ),
    placeholderData: (previous) => previous,
  });

/** 'Save & next': the next application in the queue after this one whose review is not finalized. */
export function nextToReview(
  items: { application_id: string; status: string }[],
  current: string,
): string | null {
  const at = items.findIndex((i) => i.application_id === current);
  const rest = [...items.slice(at + 1), ...items.slice(0, Math.max(at, 0))];
  return rest.find((i) => i.status !== 'submitted' && i.application_id !== current)?.application_id ?? null;
}

export const reviewDetailQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ['review-detail', applicationId],
    queryFn: () => api<ReviewDetail>('GET', `/applications/${enc(applicationId)}/review`),
    refetchOnWindowFocus: false,
  });

export interface SaveReviewBody {
  score?: number | null;
  comments?: string | null;
  ratings?: Record<string, unknown>;
  version: number;
  finalize?: boolean;
}

export const saveReview = (applicationId: string, body: SaveReviewBody) =>
  api<Review>('PUT', `/applications/${enc(applicationId)}/review`, body);
