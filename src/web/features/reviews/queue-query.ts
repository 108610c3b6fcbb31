import { queryOptions } from '@tanstack/react-query';
import type { ReviewQueue } from '../../../shared/schemas/reviews';
import { api } from '../../lib/api';

/**
 * What the program-admin guard needs (it runs in the route tree every page loads), apart from the
 * rest of the review queries, which load with the review pages.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined | null): value is string => !!value && UUID.test(value);

/** Every review list starts with this key: one invalidation refreshes them all. */
export const reviewListsKey = ['review-lists'] as const;

export const reviewQueueQuery = (programId: string) =>
  queryOptions({
    queryKey: [...reviewListsKey, 'queue', programId],
    queryFn: () => api<ReviewQueue>('GET', `/review/programs/${encodeURIComponent(programId)}/queue`),
  });
