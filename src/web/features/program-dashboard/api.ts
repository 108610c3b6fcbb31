import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { api } from '../../lib/api';

export const dashboardQuery = (programId: string) =>
  queryOptions({
    queryKey: ['program-dashboard', programId],
    queryFn: () => api<Dashboard>('GET', `/programs/${encodeURIComponent(programId)}/dashboard`),
    // New drafts are not announced: look again every minute while the page is open.
    refetchInterval: 60_000,
  });
