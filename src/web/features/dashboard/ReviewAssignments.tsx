import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import { stageOfLabel } from '../../../shared/domain/stages';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { usePageTitle } from '../../lib/title';
import { capabilitiesQuery } from '../access/queries';
import { PendingCount, usePendingCounts } from '../reviews/PendingCount';
import { DashboardShell } from './DashboardShell';

/** 'Your Review Assignments': programs assigned directly or through the organization. */
export function ReviewAssignments() {
  usePageTitle('Your Review Assignments');
  const caps = useQuery(capabilitiesQuery);
  const programs = caps.data?.reviewer_programs ?? [];
  const pending = usePendingCounts();
  return (
    <DashboardShell showReviews={programs.length > 0}>
      <PageHeader
        title="Your Review Assignments"
        actions={
          <LinkButton to="/review/all" variant="secondary">
            All Reviews
          </LinkButton>
        }
      />
      {caps.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading…
        </p>
      ) : caps.isError ? (
        <ErrorState
          className="mt-6"
          message="Unable to load your capabilities."
          onRetry={() => void caps.refetch()}
          retrying={caps.isFetching}
        />
      ) : programs.length === 0 ? (
        <EmptyState className="mt-6" icon={<ClipboardList />} title="No assignments yet." />
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {programs.map((program) => (
            <li key={program.id}>
              <Link
                to="/review/$programId"
                params={{ programId: program.id }}
                className={cn(
                  'block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300',
                  focusRing,
                )}
              >
                <span className="font-medium text-slate-900">{program.name}</span>
                {program.stage && (
                  <span className="block text-sm text-slate-600">
                    {stageOfLabel(program.stage.number, program.stage.of)}
                  </span>
                )}
                <span className="mt-1 block text-sm capitalize text-slate-500">
                  {program.type} · {program.organization_name}
                </span>
                <PendingCount loaded={pending.loaded} count={pending.byProgram.get(program.id)} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardShell>
  );
}
