import { queryOptions } from '@tanstack/react-query';
import type { Capabilities } from '../../../shared/schemas/me';
import type { PublicCoalition, PublicOrgDetail, PublicProgramDetail } from '../../../shared/schemas/public';
import { ApiError, api } from '../../lib/api';

/** Capabilities reload on entry, every 10 seconds and when the tab becomes visible. */
export const capabilitiesQuery = queryOptions({
  queryKey: ['capabilities'],
  queryFn: () => api<Capabilities>('GET', '/me/capabilities'),
  staleTime: 5_000,
  refetchInterval: 10_000,
  refetchOnWindowFocus: true,
});

/** An entity that may not exist: null on 404. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const orgQuery = (slug: string) =>
  queryOptions({
    queryKey: ['org', slug],
    queryFn: () => orNull(() => api<PublicOrgDetail>('GET', `/orgs/${encodeURIComponent(slug)}`)),
  });

export const coalitionQuery = (slug: string) =>
  queryOptions({
    queryKey: ['coalition', slug],
    queryFn: () => orNull(() => api<PublicCoalition>('GET', `/coalitions/${encodeURIComponent(slug)}`)),
  });

export const programQuery = (id: string) =>
  queryOptions({
    queryKey: ['program', id],
    queryFn: () => orNull(() => api<PublicProgramDetail>('GET', `/programs/${encodeURIComponent(id)}`)),
  });
