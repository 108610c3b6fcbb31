import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, ClipboardCheck, Eye, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { reviewStatusLabel, superActions } from '../../../shared/domain/program-status';
import type { ReviewStatus } from '../../../shared/domain/programs';
import type { AdminProgram } from '../../../shared/schemas/programs';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { usePageTitle } from '../../lib/title';
import { superProgramsQuery, useForbiddenRedirect, useProgramMutations } from '../programs-admin/api';
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
} from '../programs-admin/parts';
import { SuperAdminPage } from '../super/SuperAdminPage';
import { PreviewDialog } from './PreviewDialog';
import { RequestChangesDialog } from './RequestChangesDialog';

/** The spec's filter order; submitted and pending changes are checked by default. */
const filterStatuses: ReviewStatus[] = [
  'submitted',
  'pending_changes',
  'changes_requested',
  'published',
  'unpublished',
  'draft',
];

const builderHref = (id: string) => `/super/programs/${id}/builder`;

/** /super/programs: review, approve, send back, preview, delete and restore programs of every organization. */
export function SuperProgramsPage() {
  usePageTitle('Program Reviews');
  const [statuses, setStatuses] = useState<ReviewStatus[]>(['submitted', 'pending_changes']);
  const list = useQuery({ ...superProgramsQuery(statuses), enabled: statuses.length > 0 });
  const deleted = useQuery(superProgramsQuery([], true));
  useForbiddenRedirect(list.error ?? deleted.error);
  const { approve, remove, restore } = useProgramMutations();
  const [toDelete, setToDelete] = useState<AdminProgram | null>(null);
  const [toRequest, setToRequest] = useState<AdminProgram | null>(null);
  const [toPreview, setToPreview] = useState<AdminProgram | null>(null);

  const toggle = (s: ReviewStatus, on: boolean) =>
    setStatuses((cur) =>
      on ? filterStatuses.filter((x) => x === s || cur.includes(x)) : cur.filter((x) => x !== s),
    );

  return (
    <SuperAdminPage
      title="Program Reviews"
      description="Review, approve and publish programs of every organization."
    >
      <fieldset className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-slate-900">Status</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {filterStatuses.map((s) => (
            <Checkbox
              key={s}
              label={reviewStatusLabel(s)}
              checked={statuses.includes(s)}
              onCheckedChange={(on) => toggle(s, on)}
            />
          ))}
        </div>
      </fieldset>

      <section aria-labelledby="review-list" className="mt-6">
        <h2 id="review-list" className="sr-only">
          Programs
        </h2>
        {statuses.length === 0 ? (
          <EmptyState title="Choose at least one status to see programs." />
        ) : list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ErrorState
            message="Failed to load programs"
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={<ClipboardCheck />} title="No programs match these statuses." />
        ) : (
          <ScrollTable
            label="Programs to review"
            stickyFirst
            columns={['Name', 'Organization', 'Type', 'Status', 'Published', 'Actions']}
          >
            {list.data.items.map((p) => {
              const actions = superActions(p.review_status);
              const approving = approve.isPending && approve.variables === p.id;
              return (
                <tr key={p.id} className={rowClass}>
                  <th scope="row" className={nameCell}>
                    {p.name}
                  </th>
                  <td className={td} data-label="Organization">
                    <Link
                      to="/org/$orgSlug/admin/programs"
                      params={{ orgSlug: p.organization_slug }}
                      search={{ from: 'super' }}
                      className={cn('text-blue-700 hover:underline', focusRing)}
                    >
                      {p.organization_name}
                    </Link>
                  </td>
                  <td className={td} data-label="Type">
                    {typeLabel(p.type)}
                  </td>
                  <td className={td} data-label="Status">
                    <ReviewStatusBadge status={p.review_status} />
                  </td>
                  <td className={td} data-label="Published">
                    <ScopeText program={p} />
                  </td>
                  <td className={actionsCell}>
                    <div className="flex flex-wrap gap-2 sm:min-w-[20rem]">
                      {!actions.includes('approve') && !actions.includes('request_changes') && (
                        <span className="self-center text-sm text-slate-600 italic">
                          Waiting for submission
                        </span>
                      )}
                      {actions.includes('approve') && (
                        <Button
                          size="sm"
                          onClick={() => approve.mutate(p.id)}
                          loading={approving}
                          disabled={approve.isPending && !approving}
                          aria-label={`Approve ${p.name}`}
                        >
                          {!approving && <CheckCircle2 className="size-4" aria-hidden="true" />}
                          Approve
                        </Button>
                      )}
                      {actions.includes('request_changes') && (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setToRequest(p)}
                          aria-label={`Request Changes to ${p.name}`}
                        >
                          <MessageSquareWarning className="size-4" aria-hidden="true" />
                          Request Changes
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setToPreview(p)}
                        aria-label={`Preview ${p.name}`}
                      >
                        <Eye className="size-4" aria-hidden="true" />
                        Preview
                      </Button>
                      <EditProgramLink program={p} href={builderHref(p.id)} />
                      {actions.includes('delete') && (
                        <DeleteProgramButton program={p} onClick={() => setToDelete(p)} />
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        )}
      </section>

      <DeletedPrograms
        query={deleted}
        restore={restore}
        viewHref={(p) => builderHref(p.id)}
        showOrganization
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete ${toDelete?.name ?? 'program'}?`}
        description="The program will be moved to Deleted Programs and hidden from applicants. You can restore it later."
        confirmLabel="Delete"
        onConfirm={() => (toDelete ? remove.mutateAsync(toDelete.id) : undefined)}
      />
      <RequestChangesDialog program={toRequest} onClose={() => setToRequest(null)} />
      <PreviewDialog program={toPreview} onClose={() => setToPreview(null)} />
    </SuperAdminPage>
  );
}
