import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardList, Copy, CornerDownRight } from 'lucide-react';
import { useState } from 'react';
import { matchesProgramFilter, type ProgramFilter } from '../../../shared/domain/admin-home';
import { stageOfLabel, withStages } from '../../../shared/domain/stages';
import type { AdminProgram } from '../../../shared/schemas/programs';
import type { PublicOrg } from '../../../shared/schemas/public';
import { BackLink } from '../../components/ui/BackLink';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { LinkButton } from '../../components/ui/LinkButton';
import { QueryStates } from '../../components/ui/QueryStates';
import { usePageTitle } from '../../lib/title';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { copyTitle, orgProgramsQuery, useForbiddenRedirect, useProgramMutations } from './api';
import { CreateDraftForm } from './CreateDraftForm';
import {
  actionsCell,
  DeletedPrograms,
  DeleteProgramButton,
  EditProgramLink,
  nameCell,
  ReviewStatusBadge,
  rowClass,
  ScopeText,
  ScrollTable,
  TableSkeleton,
  td,
  typeLabel,
  WindowText,
} from './parts';

const builderHref = (slug: string, id: string) => `/org/${slug}/admin/programs/${id}/builder`;

/** /org/{slug}/admin/programs: create a draft, the organization's programs, deleted programs. */
const filterWords: Record<ProgramFilter, { shown: string; empty: string }> = {
  closing: { shown: 'Closing this week', empty: 'No program closes this week.' },
  changes_requested: { shown: 'Changes requested', empty: 'No program has changes requested.' },
};

export function OrgProgramsPage({
  org,
  fromSuper,
  show,
}: {
  org: PublicOrg;
  fromSuper: boolean;
  /** The admin home's numbers open the list filtered (shared/domain/admin-home). */
  show?: ProgramFilter;
}) {
  usePageTitle(`Programs · ${org.name}`);
  const list = useQuery(orgProgramsQuery(org.slug));
  const deleted = useQuery(orgProgramsQuery(org.slug, true));
  useForbiddenRedirect(list.error ?? deleted.error);
  const { copy, remove, restore } = useProgramMutations();
  const [toDelete, setToDelete] = useState<AdminProgram | null>(null);
  const shown = list.data?.items.filter((p) => !show || matchesProgramFilter(show, p));
  // Programs in stages (decision 066): a later stage is listed under its program, named by its place.
  const rows = withStages(shown ?? [], deleted.data?.items);
  const inStages = rows.some((r) => r.stage || r.stages > 1);

  return (
    <OrgAdminPage
      org={org}
      title="Programs"
      back={fromSuper ? <BackLink to="/super/programs">Back to Program Reviews</BackLink> : undefined}
    >
      <div className="mt-6">
        <CreateDraftForm orgSlug={org.slug} />
      </div>

      <section aria-labelledby="programs-heading" className="mt-8">
        <h2 id="programs-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {show ? filterWords[show].shown : 'Your programs'}
          {shown ? ` (${shown.length})` : ''}
        </h2>
        {show && (
          <p className="mb-3 text-sm">
            <Link
              to="/org/$orgSlug/admin/programs"
              params={{ orgSlug: org.slug }}
              className={cn('font-medium text-blue-700 hover:underline', focusRing)}
            >
              Show all programs
            </Link>
          </p>
        )}
        <QueryStates
          query={list}
          loading={<TableSkeleton />}
          error="Failed to load programs"
          isEmpty={() => (shown ?? []).length === 0}
          empty={
            show ? (
              <EmptyState icon={<ClipboardList />} title={filterWords[show].empty} />
            ) : (
              <EmptyState
                icon={<ClipboardList />}
                title="No programs yet"
                description="Create a draft above to start building its application form."
              />
            )
          }
        >
          {() => (
            <ScrollTable
              label="Programs"
              stickyFirst
              columns={['Name', 'Type', 'Status', 'Window', 'Published', '']}
            >
              {rows.map(({ program: p, stage, stages }) => (
                <tr key={p.id} className={cn(rowClass, stage && 'bg-slate-50/60')}>
                  <th scope="row" className={cn(nameCell, stage && 'bg-slate-50 sm:pl-8')}>
                    <span className="flex items-start gap-1.5">
                      {stage && (
                        <CornerDownRight
                          className="mt-0.5 size-4 shrink-0 text-slate-500"
                          aria-hidden="true"
                        />
                      )}
                      <span className="min-w-0">
                        {p.name}
                        {stage && (
                          <span className="block text-xs font-normal text-slate-600">
                            {stage.of ? stageOfLabel(stage.number, stage.of) : `Stage ${stage.number}`}
                          </span>
                        )}
                        {!stage && stages > 1 && (
                          <span className="block text-xs font-normal text-slate-600">{stages} stages</span>
                        )}
                      </span>
                    </span>
                  </th>
                  <td className={td} data-label="Type">
                    {typeLabel(p.type)}
                  </td>
                  <td className={td} data-label="Status">
                    <ReviewStatusBadge status={p.review_status} />
                  </td>
                  <td className={td} data-label="Window">
                    <WindowText program={p} />
                  </td>
                  <td className={td} data-label="Published">
                    <ScopeText program={p} />
                  </td>
                  <td className={actionsCell}>
                    <div className="flex flex-wrap gap-2 sm:justify-end">
                      <EditProgramLink program={p} href={builderHref(org.slug, p.id)} />
                      <LinkButton
                        to="/org/$orgSlug/admin/programs/$programId/dashboard"
                        params={{ orgSlug: org.slug, programId: p.id }}
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
                        onClick={() => copy.mutate({ id: p.id, stages, laterStage: !!stage })}
                      >
                        <Copy className="size-4" aria-hidden="true" />
                        Copy
                      </Button>
                      <DeleteProgramButton program={p} onClick={() => setToDelete(p)} />
                    </div>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </QueryStates>
        {inStages && (
          <p className="mt-3 text-sm text-slate-600">
            Copy of a program in stages copies all its stages, each with its own form and review settings.
            Copy of a later stage makes a program of its own from it, open to everyone once published.
          </p>
        )}
      </section>

      <DeletedPrograms
        query={deleted}
        restore={restore}
        copy={copy}
        viewHref={(p) => builderHref(org.slug, p.id)}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete ${toDelete?.name ?? 'program'}?`}
        description="The program will be moved to Deleted Programs and hidden from applicants. You can restore it later."
        confirmLabel="Delete"
        onConfirm={() => (toDelete ? remove.mutateAsync(toDelete.id) : undefined)}
      />
    </OrgAdminPage>
  );
}
