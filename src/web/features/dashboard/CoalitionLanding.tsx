import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight, ClipboardList } from 'lucide-react';
import type { PublicCoalition } from '../../../shared/schemas/public';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryStates } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageTitle } from '../../lib/title';
import { coalitionProgramsQuery, useForbiddenRedirect } from '../programs-admin/api';
import { ReviewStatusBadge, typeLabel } from '../programs-admin/parts';
import { DashboardShell } from './DashboardShell';

/** Coalition manager landing: the coalition's programs (to the coalition editor); no placeholder cards (decision 027). */
export function CoalitionLanding({ coalition }: { coalition: PublicCoalition }) {
  usePageTitle(coalition.name);
  return (
    <DashboardShell showReviews={false}>
      <PageHeader
        eyebrow="Coalition Manager"
        title={coalition.name}
        description={coalition.description || undefined}
      />
      <CoalitionPrograms slug={coalition.slug} />
    </DashboardShell>
  );
}

function CoalitionPrograms({ slug }: { slug: string }) {
  const list = useQuery(coalitionProgramsQuery(slug));
  useForbiddenRedirect(list.error);
  return (
    <section aria-labelledby="coalition-programs" className="mt-8">
      <h2 id="coalition-programs" className="text-lg font-semibold text-slate-900">
        Programs
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Programs of the coalition's member organizations. Open one to edit its application.
      </p>
      <div className="mt-4">
        <QueryStates
          query={list}
          loading={
            <div role="status" className="space-y-2">
              <span className="sr-only">Loading…</span>
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          }
          error="Failed to load programs"
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState icon={<ClipboardList />} title="No programs yet" />}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
              {data.items.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/coalition/${slug}/cm/programs/${p.id}/builder` as never}
                    className={cn(
                      'flex items-center gap-3 px-4 py-3 hover:bg-slate-50 first:rounded-t-xl last:rounded-b-xl',
                      focusRing,
                    )}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{p.name}</span>
                      <span className="block text-sm text-slate-600">
                        {p.organization_name} · {typeLabel(p.type)}
                      </span>
                    </span>
                    <ReviewStatusBadge status={p.review_status} />
                    <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
