import { ChevronRight, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { Button } from './Button';
import { cn, focusRing } from './cn';
import type { QueryLike } from './QueryStates';

/** What DeletedList reads of the restore mutation (react-query's, called with the item's id). */
type Restore = { mutate: (id: string) => void; isPending: boolean; variables?: string };

/**
 * The collapsible 'Deleted … (n)' list under an admin list (organizations, coalitions, programs): each
 * item with what it is and when it was deleted, and Restore (decision 048).
 */
export function DeletedList<T extends { id: string; name: string; deleted_at: string | null }>({
  title,
  query,
  error,
  emptyText,
  detail,
  actions,
  restore,
}: {
  title: string;
  query: QueryLike<{ items: T[] }>;
  /** The text shown when the list fails to load (with Retry). */
  error: string;
  emptyText: string;
  /** The line under the name, before ' · Deleted {when}'. */
  detail: (item: T) => ReactNode;
  /** Buttons before Restore. */
  actions?: (item: T) => ReactNode;
  restore: Restore;
}) {
  const items = query.data?.items ?? [];
  const restoringId = restore.isPending ? (restore.variables ?? null) : null;
  return (
    <details className="group mt-8 rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary
        className={cn(
          'flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden',
          focusRing,
        )}
      >
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        <h2 className="text-base">
          {title}
          {query.isPending ? '' : ` (${items.length})`}
        </h2>
      </summary>
      <div className="border-t border-slate-200 px-4 py-3">
        {query.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : query.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p role="alert" className="font-medium text-red-700">
              {error}
            </p>
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{item.name}</p>
                  <p className="text-xs text-slate-600">
                    {detail(item)}
                    {item.deleted_at && ` · Deleted ${formatDateTime(item.deleted_at)}`}
                  </p>
                </div>
                <div className="flex gap-2">
                  {actions?.(item)}
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => restore.mutate(item.id)}
                    loading={restoringId === item.id}
                    aria-label={`Restore ${item.name}`}
                  >
                    {restoringId !== item.id && <RotateCcw className="size-4" aria-hidden="true" />}
                    Restore
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
