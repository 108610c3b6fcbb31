import { useQuery } from '@tanstack/react-query';
import { useTopic } from '../../lib/realtime';
import { pendingCountsQuery } from './api';

/** Pending work per program (and per organization), for the reviewer landing cards. */
export function usePendingCounts() {
  const counts = useQuery(pendingCountsQuery);
  useTopic('reviews', () => void counts.refetch());
  const byProgram = new Map((counts.data?.items ?? []).map((i) => [i.program_id, i]));
  const byOrg = new Map<string, { pending: number; submitted: number }>();
  for (const i of counts.data?.items ?? []) {
    const sum = byOrg.get(i.org_id) ?? { pending: 0, submitted: 0 };
    byOrg.set(i.org_id, { pending: sum.pending + i.pending, submitted: sum.submitted + i.submitted });
  }
  return { loaded: !!counts.data, byProgram, byOrg };
}

/** '3 to review', 'All reviewed' or 'No applications yet' (nothing while loading). */
export function PendingCount({
  loaded,
  count,
}: {
  loaded: boolean;
  count: { pending: number; submitted: number } | undefined;
}) {
  if (!loaded) return null;
  const text = !count?.submitted
    ? 'No applications yet'
    : count.pending === 0
      ? 'All reviewed'
      : `${count.pending} to review`;
  return (
    <span
      className={
        count?.pending
          ? 'mt-2 inline-block rounded-full bg-blue-50 px-2 py-0.5 text-sm font-medium text-blue-800'
          : 'mt-2 inline-block text-sm text-slate-600'
      }
    >
      {text}
    </span>
  );
}
