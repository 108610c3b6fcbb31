import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AdminHome, AdminHomeItem } from '../../../shared/schemas/orgs';
import { cn, focusRing } from '../../components/ui/cn';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

export const adminHomeQuery = (slug: string) =>
  queryOptions({
    queryKey: ['admin-home', slug],
    queryFn: () => api<AdminHome>('GET', `/orgs/${encodeURIComponent(slug)}/admin/home`),
  });

const linkText = cn('font-medium text-blue-700 hover:underline', focusRing);

type Key = Exclude<keyof AdminHome, 'since' | 'since_last_visit'>;

/**
 * One number: what it counts, the filtered screen it opens, and the programs it comes from (each
 * opening that program's screen).
 */
function NumberCard({
  label,
  caption,
  item,
  open,
  programLink,
}: {
  label: string;
  caption: string;
  item: AdminHomeItem;
  open: (children: ReactNode, className: string) => ReactNode;
  programLink: (p: AdminHomeItem['programs'][number]) => ReactNode;
}) {
  const body = (
    <>
      <span
        className={cn('block text-3xl font-semibold', item.count > 0 ? 'text-slate-900' : 'text-slate-500')}
      >
        {item.count}
      </span>
      <span className="block font-medium text-slate-900">{label}</span>
      <span className="block text-sm text-slate-600">{caption}</span>
    </>
  );
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {open(body, cn('block rounded-lg hover:text-blue-800', focusRing))}
      {item.programs.length > 0 && (
        <ul className="space-y-1 border-t border-slate-100 pt-2 text-sm" aria-label={`${label}: programs`}>
          {item.programs.map((p) => (
            <li key={p.id} className="flex min-w-0 items-baseline justify-between gap-2">
              <span className="min-w-0 truncate" title={p.name}>
                {programLink(p)}
              </span>
              <span className="shrink-0 text-slate-600">{p.count}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The org admin's home numbers (issue 33 item 20): what needs them, each opening the filtered screen. */
export function AdminHomeNumbers({ slug }: { slug: string }) {
  const home = useQuery(adminHomeQuery(slug));
  return (
    <section aria-labelledby="needs-you-heading" className="mt-6">
      <h2 id="needs-you-heading" className="text-lg font-semibold text-slate-900">
        What needs you
      </h2>
      {home.isPending ? (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-busy="true" aria-label="Loading…">
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i}>
              <Skeleton className="h-28 w-full" />
            </li>
          ))}
        </ul>
      ) : home.isError ? (
        <ErrorState
          className="mt-3"
          message="Failed to load what needs you."
          onRetry={() => void home.refetch()}
          retrying={home.isFetching}
        />
      ) : (
        <HomeData slug={slug} data={home.data} />
      )}
    </section>
  );
}

function HomeData({ slug, data }: { slug: string; data: AdminHome }) {
  const orgSlug = slug;
  const nothing = (
    [
      'new_submissions',
      'closing_this_week',
      'reviewers_behind',
      'results_ready',
      'changes_requested',
    ] as Key[]
  ).every((k) => data[k].count === 0);
  const dashboard = (p: { id: string; name: string }) => (
    <Link
      to="/org/$orgSlug/admin/programs/$programId/dashboard"
      params={{ orgSlug, programId: p.id }}
      className={linkText}
    >
      {p.name}
    </Link>
  );
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        {nothing
          ? 'Nothing needs you right now.'
          : data.since_last_visit
            ? `New since your last visit (${formatDateTime(data.since)}).`
            : 'New in the last 7 days.'}
      </p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <NumberCard
          label="New submissions"
          caption={data.since_last_visit ? 'since your last visit' : 'in the last 7 days'}
          item={data.new_submissions}
          open={(children, className) => (
            <Link
              to="/org/$orgSlug/admin/reviews"
              params={{ orgSlug }}
              search={{ since: data.since }}
              className={className}
            >
              {children}
            </Link>
          )}
          programLink={(p) => (
            <Link
              to="/org/$orgSlug/admin/reviews"
              params={{ orgSlug }}
              search={{ since: data.since, program: p.id }}
              className={linkText}
            >
              {p.name}
            </Link>
          )}
        />
        <NumberCard
          label="Closing this week"
          caption="programs whose applications close within 7 days"
          item={data.closing_this_week}
          open={(children, className) => (
            <Link
              to="/org/$orgSlug/admin/programs"
              params={{ orgSlug }}
              search={{ show: 'closing' }}
              className={className}
            >
              {children}
            </Link>
          )}
          programLink={dashboard}
        />
        <NumberCard
          label="Reviewers behind"
          caption="score sheets left after applications closed"
          item={data.reviewers_behind}
          open={(children, className) => {
            const first = data.reviewers_behind.programs[0];
            return first ? (
              <Link
                to="/org/$orgSlug/admin/programs/$programId/dashboard"
                params={{ orgSlug, programId: first.id }}
                className={className}
              >
                {children}
              </Link>
            ) : (
              <div className="block">{children}</div>
            );
          }}
          programLink={dashboard}
        />
        <NumberCard
          label="Results ready to publish"
          caption="finalized, not yet sent to applicants"
          item={data.results_ready}
          open={(children, className) => (
            <Link to="/org/$orgSlug/admin/publish-results" params={{ orgSlug }} className={className}>
              {children}
            </Link>
          )}
          programLink={(p) => (
            <Link
              to="/org/$orgSlug/admin/programs/$programId/publish"
              params={{ orgSlug, programId: p.id }}
              className={linkText}
            >
              {p.name}
            </Link>
          )}
        />
        <NumberCard
          label="Changes requested"
          caption="by the super admin"
          item={data.changes_requested}
          open={(children, className) => (
            <Link
              to="/org/$orgSlug/admin/programs"
              params={{ orgSlug }}
              search={{ show: 'changes_requested' }}
              className={className}
            >
              {children}
            </Link>
          )}
          programLink={(p) => (
            <Link
              to="/org/$orgSlug/admin/programs/$programId/builder"
              params={{ orgSlug, programId: p.id }}
              className={linkText}
            >
              {p.name}
            </Link>
          )}
        />
      </ul>
    </>
  );
}
