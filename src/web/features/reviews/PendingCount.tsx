import { useQuery } from '@tanstack/react-query';
import type { PendingCounts } from '../../../shared/schemas/reviews';
import { useTopic } from '../../lib/realtime';
import { pendingCountsQuery } from './api';

type Item = PendingCounts['items'][number];
interface Count {
  pending: number;
  submitted: number;
  /** Independent scoring, for a reviewer: their own sheets still to score ('N to score'). */
  scoring?: boolean;
}

/** A program's count as its card shows it: a reviewer of an independent-scoring program counts their sheets. */
const countOf = (i: Item): Count =>
  i.mode === 'independent' && !i.can_admin
    ? { pending: i.to_score, submitted: i.submitted, scoring: true }
    : { pending: i.pending, submitted: i.submitted };

/** Pending work per program (and per organization), for the reviewer landing cards. */
export function usePendingCounts() {
  const counts = useQuery(pendingCountsQuery);
  useTopic('reviews', () => void counts.refetch());
  const items = counts.data?.items ?? [];
  const byProgram = new Map(items.map((i) => [i.program_id, countOf(i)]));
  const byOrg = new Map<string, Count>();
  for (const i of items) {
    const c = countOf(i);
    const sum = byOrg.get(i.org_id) ?? { pending: 0, submitted: 0 };
    byOrg.set(i.org_id, { pending: sum.pending + c.pending, submitted: sum.submitted + c.submitted });
  }
  return { loaded: !!counts.data, byProgram, byOrg };
}

/** '3 to review' ('3 to score'), 'All reviewed' ('All scored') or 'No applications yet' (nothing while loading). */
export function PendingCount({ loaded, count }: { loaded: boolean; count: Count | undefined }) {
  if (!loaded) return null;
  const text = !count?.submitted
    ? 'No applications yet'
    : count.pending === 0
      ? count.scoring
        ? 'All scored'
        : 'All reviewed'
      : `${count.pending} to ${count.scoring ? 'score' : 'review'}`;
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
