import { queryOptions } from '@tanstack/react-query';
import type { CoalitionDashboard, Dashboard } from '../../../shared/schemas/dashboard';
import { api } from '../../lib/api';

export const dashboardQuery = (programId: string) =>
  queryOptions({
    queryKey: ['program-dashboard', programId],
    queryFn: () => api<Dashboard>('GET', `/programs/${encodeURIComponent(programId)}/dashboard`),
    // New drafts are not announced: look again every minute while the page is open.
    refetchInterval: 60_000,
  });

/** The read-only dashboard of a coalition's program (its managers; issue 33 item 18). */
export const coalitionDashboardQuery = (slug: string, programId: string) =>
  queryOptions({
    queryKey: ['program-dashboard', 'coalition', slug, programId],
    queryFn: () =>
      api<CoalitionDashboard>(
        'GET',
        `/coalitions/${encodeURIComponent(slug)}/programs/${encodeURIComponent(programId)}/dashboard`,
      ),
    refetchInterval: 60_000,
  });
