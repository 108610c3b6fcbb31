import { queryOptions, useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { FeaturedList, PublicOrgListItem, PublicProgram } from '../../../shared/schemas/public';
import { ApiError, api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useLoginDialog } from '../auth/login-dialog-context';
import { screeningRequired } from '../screening/required';

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

/**
 * Start (or fetch) the user's application to a program and go to it. A visitor is asked to sign in
 * first and comes back to /programs/{id}/start, which starts it and opens the application.
 */
export function useStartApplication() {
  const navigate = useNavigate();
  const { openLogin } = useLoginDialog();
  return useMutation({
    mutationFn: (programId: string) =>
      api<{ id: string; created: boolean }>(
        'POST',
        `/programs/${encodeURIComponent(programId)}/applications`,
      ),
    onSuccess: (res) => navigate({ to: `/applications/${res.id}` as never }),
    onError: (err, programId) => {
      if (screeningRequired(err)) {
        void navigate({ to: '/programs/$id/screening', params: { id: programId } });
        return;
      }
      if (err instanceof ApiError && err.status === 401) {
        openLogin(`/programs/${encodeURIComponent(programId)}/start`);
        return;
      }
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
