import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardList, ListChecks } from 'lucide-react';
import type { AdminProgram } from '../../../shared/schemas/programs';
import type { PublicCoalition } from '../../../shared/schemas/public';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryStates } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageTitle } from '../../lib/title';
import { DossierButton } from '../exports/DossierButton';
import { DownloadButtons } from '../exports/DownloadButtons';
import { coalitionProgramsQuery, useForbiddenRedirect } from '../programs-admin/api';
import { ReviewStatusBadge, typeLabel } from '../programs-admin/parts';
import { DashboardShell } from './DashboardShell';

const enc = encodeURIComponent;

/**
 * Coalition manager landing (issue 33 item 18): the coalition's programs, each with its application
 * editor and the downloads a manager may make (applications, reviews, results, the dossier), and All
 * Reviews. No placeholder cards (decision 027). The server decides what each download holds.
 */
export function CoalitionLanding({ coalition }: { coalition: PublicCoalition }) {
  usePageTitle(coalition.name);
  return (
    <DashboardShell showReviews={false}>
      <PageHeader
        eyebrow="Coalition Manager"
        title={coalition.name}
        description={coalition.description || undefined}
      />
      <section aria-labelledby="coalition-reviews" className="mt-8">
        <Link
          to="/review/all"
          className={cn(
            'flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-300 hover:shadow',
            focusRing,
          )}
        >
          <ListChecks aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-blue-600" />
          <span>
            <span id="coalition-reviews" className="block text-lg font-semibold text-slate-900">
              All Reviews
            </span>
            <span className="block text-sm text-slate-600">
              Download the reviews of the coalition’s programs, filtered by program, applicant or status.
            </span>
          </span>
        </Link>
      </section>
      <CoalitionPrograms slug={coalition.slug} />
    </DashboardShell>
  );
}

function ProgramItem({ slug, program: p }: { slug: string; program: AdminProgram }) {
  const id = enc(p.id);
  return (
    <li className="flex flex-col gap-3 px-4 py-4">
      <div className="flex flex-wrap items-start gap-3">
        <span className="min-w-0 flex-1">
          <h3 className="font-medium text-slate-900">{p.name}</h3>
          <span className="block text-sm text-slate-600">
            {p.organization_name} · {typeLabel(p.type)}
          </span>
        </span>
        <ReviewStatusBadge status={p.review_status} />
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <LinkButton
          to={`/coalition/${slug}/cm/programs/${p.id}/builder` as never}
          variant="secondary"
          size="sm"
          aria-label={`Edit application of ${p.name}`}
        >
          Edit application
        </LinkButton>
        <LinkButton
          to="/coalition/$slug/cm/programs/$programId/dashboard"
          params={{ slug, programId: p.id }}
          variant="secondary"
          size="sm"
          aria-label={`Dashboard of ${p.name}`}
        >
          Dashboard
        </LinkButton>
        {p.published && (
          <>
            <DownloadButtons
              what="Applications"
              url={(format) => `/api/programs/${id}/exports/applications?format=${format}`}
            />
            <DownloadButtons
              what="Reviews"
              url={(format) => `/api/programs/${id}/exports/reviews?format=${format}`}
            />
            <DownloadButtons
              what="Results"
              url={(format) => `/api/programs/${id}/exports/results?format=${format}`}
            />
            <DossierButton programId={p.id} />
          </>
        )}
      </div>
    </li>
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
        Programs of the coalition's member organizations. Edit a program's application, follow its progress on
        its dashboard (read-only), or download its applications, reviews and results once it is published.
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
                <ProgramItem key={p.id} slug={slug} program={p} />
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
