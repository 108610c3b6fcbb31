import { queryOptions, useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { FeaturedList, PublicOrgListItem, PublicProgram } from '../../../shared/schemas/public';
import { ApiError, api } from '../../lib/api';
import { toast } from '../../lib/toast';

/** Public program list page size (spec §9). */
export const PAGE_SIZE = 100;

export const featuredQuery = queryOptions({
  queryKey: ['discovery', 'featured'],
  queryFn: () => api<FeaturedList>('GET', '/featured'),
});

export const orgsQuery = queryOptions({
  queryKey: ['discovery', 'orgs'],
  queryFn: () => api<{ items: PublicOrgListItem[]; total: number }>('GET', `/orgs?limit=${PAGE_SIZE}`),
});

export const programsQuery = queryOptions({
  queryKey: ['discovery', 'programs'],
  queryFn: () => api<{ items: PublicProgram[]; total: number }>('GET', `/programs?limit=${PAGE_SIZE}`),
});

/** Start (or fetch) the user's application to a program and go to it. */
export function useStartApplication() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (programId: string) =>
      api<{ id: string; created: boolean }>(
        'POST',
        `/programs/${encodeURIComponent(programId)}/applications`,
      ),
    onSuccess: (res) => navigate({ to: `/applications/${res.id}` as never }),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 403) {
        void navigate({ to: '/unauthorized' });
        return;
      }
      const detail = err instanceof ApiError && err.status === 409 ? err.message : undefined;
      toast.error(
        'Could not start application. Please try again.',
        detail ? { description: detail } : undefined,
      );
    },
  });
}
