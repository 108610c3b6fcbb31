import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ClipboardList, Copy, ListChecks } from 'lucide-react';
import { type ListedWithStages, stageOfLabel, withStages } from '../../../shared/domain/stages';
import type { AdminProgram } from '../../../shared/schemas/programs';
import type { PublicCoalition } from '../../../shared/schemas/public';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryStates } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageTitle } from '../../lib/title';
import { DossierButton } from '../exports/DossierButton';
import { DownloadButtons } from '../exports/DownloadButtons';
import {
  coalitionProgramsQuery,
  copyTitle,
  useForbiddenRedirect,
  useProgramMutations,
} from '../programs-admin/api';
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

function ProgramItem({
  slug,
  row: { program: p, stage, stages },
  copy,
}: {
  slug: string;
  /** Programs in stages (decision 066): a later stage follows its program and says whose it is. */
  row: ListedWithStages<AdminProgram>;
  copy: ReturnType<typeof useProgramMutations>['copy'];
}) {
  const id = enc(p.id);
  const navigate = useNavigate();
  return (
    <li className={cn('flex flex-col gap-3 px-4 py-4', stage && 'bg-slate-50 sm:pl-10')}>
      <div className="flex flex-wrap items-start gap-3">
        <span className="min-w-0 flex-1">
          <h3 className="font-medium text-slate-900">{p.name}</h3>
          <span className="block text-sm text-slate-600">
            {stage && `${stage.of ? stageOfLabel(stage.number, stage.of) : `Stage ${stage.number}`} · `}
            {!stage && stages > 1 && `${stages} stages · `}
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
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Copy ${p.name}`}
          title={copyTitle({ stages, laterStage: !!stage })}
          loading={copy.isPending && copy.variables?.id === p.id}
          disabled={copy.isPending}
          onClick={() =>
            copy.mutate(
              { id: p.id, stages, laterStage: !!stage },
              {
                // The copy opens in the coalition's application editor.
                onSuccess: (made) =>
                  void navigate({ to: `/coalition/${slug}/cm/programs/${made.id}/builder` as never }),
              },
            )
          }
        >
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
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
  const { copy } = useProgramMutations();
  useForbiddenRedirect(list.error);
  return (
    <section aria-labelledby="coalition-programs" className="mt-8">
      <h2 id="coalition-programs" className="text-lg font-semibold text-slate-900">
        Programs
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Programs of the coalition's member organizations. Edit a program's application, follow its progress on
        its dashboard (read-only), copy it into a new draft, or download its applications, reviews and results
        once it is published.
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
              {withStages(data.items).map((row) => (
                <ProgramItem key={row.program.id} slug={slug} row={row} copy={copy} />
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
