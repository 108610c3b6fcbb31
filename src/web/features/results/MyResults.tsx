import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import type { ReactNode } from 'react';
import { stageLabel } from '../../../shared/domain/stages';
import type { PublishedResult } from '../../../shared/schemas/results';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { useTopic } from '../../lib/realtime';
import { meQuery } from '../../lib/session';
import { myResultsQuery } from './api';

/**
 * My Submissions → Results: the applicant's published results, newest first, each field only when its
 * visibility is on. A `results_published` notification on the user's own topic reloads the list.
 */
export function MyResults() {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const results = useQuery(myResultsQuery);
  useTopic(me.data ? `notifications:${me.data.id}` : null, (data) => {
    const type = (data as { type?: string; resync?: boolean } | null)?.type;
    if (type === 'results_published' || (data as { resync?: boolean } | null)?.resync) {
      void queryClient.invalidateQueries({ queryKey: myResultsQuery.queryKey });
      // The Applications tab shows the result on the application's card too.
      void queryClient.invalidateQueries({ queryKey: ['me', 'applications'] });
    }
  });

  if (results.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (results.isError) {
    return (
      <ErrorState
        message="Failed to load results"
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  }
  if (results.data.items.length === 0) {
    return <EmptyState icon={<Award />} title="No results at this time" />;
  }
  return (
    <ul className="space-y-4" aria-label="Results">
      {results.data.items.map((r) => (
        <li key={r.publication_id}>
          <ResultCard result={r} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One published result as the applicant sees it (also the publish page's preview): a later stage's
 * result is named by the program applied to, with the stage under it (decision 066).
 */
export function ResultCard({
  result: r,
  headingLevel = 2,
}: {
  result: PublishedResult;
  headingLevel?: 2 | 3;
}) {
  const { visibility: v, payload: p } = r;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading className="text-lg font-semibold text-slate-900">{r.program_name}</Heading>
          {r.stage && (
            <p className="text-sm text-slate-600">{stageLabel(r.stage.name, r.stage.stage_number)}</p>
          )}
        </div>
        <p className="text-sm text-slate-600">
          Published <time dateTime={r.published_at}>{formatDateTime(r.published_at)}</time>
        </p>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-6 sm:gap-y-3">
        {v.decision && (
          <Field label="Decision">
            {p.decision ? <DecisionBadge decision={p.decision} /> : <span className="text-slate-500">—</span>}
          </Field>
        )}
        {v.score && <Field label="Score">{p.score ?? <span className="text-slate-500">—</span>}</Field>}
        {v.comments && (
          <Field label="Reviewer comments">
            {p.comments ? (
              <span className="whitespace-pre-wrap">{p.comments}</span>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </Field>
        )}
        {v.customMessage && (
          <Field label="Additional message">
            <span className="whitespace-pre-wrap">{v.customMessage}</span>
          </Field>
        )}
      </dl>
    </article>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="-mt-3 text-sm text-slate-900 sm:mt-0">{children}</dd>
    </div>
  );
}
