import { queryOptions, useQuery } from '@tanstack/react-query';
import { changeRequestMessages as c } from '../../../shared/domain/change-requests';
import type { ApplicationVersions } from '../../../shared/schemas/applications';
import { Badge } from '../../components/ui/Badge';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

export const versionsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: ['application', applicationId, 'versions'],
    queryFn: () =>
      api<ApplicationVersions>('GET', `/applications/${encodeURIComponent(applicationId)}/versions`),
  });

/**
 * The review screen's versions (issue 31 item 1; decision 063): "Version 2 of 2", whether the
 * caller scored before the latest version came, and what changed (old struck, new marked), by question.
 */
export function VersionsPanel({ applicationId }: { applicationId: string }) {
  const query = useQuery(versionsQuery(applicationId));
  if (query.isPending)
    return (
      <div role="status" className="mt-4">
        <span className="sr-only">Loading versions…</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <div className="mt-4">
        <ErrorState
          message="Unable to load the application's versions."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  const v = query.data;
  if (v.total < 2) return null;
  const latest = v.items.find((i) => i.number === v.current);
  return (
    <section
      aria-labelledby="versions-title"
      className="mt-4 rounded-xl border border-blue-200 bg-blue-50/60 p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="versions-title" className="text-base font-semibold text-slate-900">
          {c.version(v.current, v.total)}
        </h2>
        {v.changed_since_scored && <Badge tone="warning">{c.changedSinceScored}</Badge>}
      </div>
      {latest && <p className="text-sm text-slate-700">Resubmitted {formatDateTime(latest.submitted_at)}</p>}
      {v.diff && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">
            {c.differences} (version {v.diff.from} → {v.diff.to})
          </h3>
          {v.diff.questions.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{c.noDifferences}</p>
          ) : (
            <dl className="mt-2 space-y-3">
              {v.diff.questions.map((q) => (
                <div key={q.key} className="rounded-lg border border-slate-200 bg-white p-3">
                  <dt className="text-sm font-medium text-slate-800">{q.label}</dt>
                  <dd className="mt-1 flex flex-wrap gap-2 text-sm break-words">
                    {q.parts.map((p, i) =>
                      p.kind === 'removed' ? (
                        <del
                          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; their order is fixed
                          key={i}
                          className="whitespace-pre-wrap rounded bg-red-50 px-1 text-red-800"
                        >
                          <span className="sr-only">Removed: </span>
                          {p.text}
                        </del>
                      ) : p.kind === 'added' ? (
                        <ins
                          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; their order is fixed
                          key={i}
                          className="whitespace-pre-wrap rounded bg-green-50 px-1 text-green-800"
                        >
                          <span className="sr-only">Added: </span>
                          {p.text}
                        </ins>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; their order is fixed
                        <span key={i} className="px-1 text-slate-800">
                          {p.text}
                        </span>
                      ),
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
    </section>
  );
}
