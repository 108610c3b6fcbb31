import { Skeleton } from '../../components/ui/Skeleton';

/** The editor's shape while the program loads. */
export function EditorSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-4 h-8 w-72 max-w-full" />
      <Skeleton className="mt-2 h-4 w-40" />
      <div className="mt-8 flex flex-col gap-6 lg:flex-row">
        <div className="flex-1 space-y-6">
          {[40, 64, 24].map((h) => (
            <div key={h} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="mt-4 h-4 w-full" />
              <div style={{ height: `${h * 4}px` }} className="mt-4 animate-pulse rounded-md bg-slate-100" />
            </div>
          ))}
        </div>
        <div className="w-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:w-80">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-2/3" />
        </div>
      </div>
    </div>
  );
}
