import { queryOptions } from '@tanstack/react-query';
import type { Me } from '../../shared/schemas/me';
import type { PublicConfig } from '../../shared/schemas/system';
import { ApiError, api } from './api';

/** The signed-in user, or null for a visitor (401). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api<Me>('GET', '/me');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 30_000,
});

export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<PublicConfig>('GET', '/config'),
  staleTime: Number.POSITIVE_INFINITY,
});
