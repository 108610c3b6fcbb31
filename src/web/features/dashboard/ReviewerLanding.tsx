import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cn, focusRing } from '../../components/ui/cn';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { usePageTitle } from '../../lib/title';
import { capabilitiesQuery } from '../access/queries';
import { PendingCount, usePendingCounts } from '../reviews/PendingCount';
import { DashboardShell } from './DashboardShell';

const item = cn(
  'block rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-blue-300',
  focusRing,
);

/** Reviewer landing: the reviewer's organizations and directly assigned programs. */
export function ReviewerLanding() {
  usePageTitle('Reviewer');
  const caps = useQuery(capabilitiesQuery);
  const direct = caps.data?.reviewer_programs.filter((p) => p.assigned_directly) ?? [];
  const pending = usePendingCounts();
  return (
    <DashboardShell showReviews={!!caps.data?.reviewer_programs.length}>
      <PageHeader title="Reviewer" />
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
      ) : (
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <section aria-labelledby="reviewer-orgs">
            <h2 id="reviewer-orgs" className="text-lg font-semibold">
              Organizations
            </h2>
            {caps.data.reviewer_orgs.length === 0 ? (
              <p className="mt-3 text-slate-600">No org assignments.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {caps.data.reviewer_orgs.map((org) => (
                  <li key={org.id}>
                    <Link to="/org/$orgSlug/reviewer" params={{ orgSlug: org.slug }} className={item}>
                      <span className="block font-medium">{org.name}</span>
                      <PendingCount loaded={pending.loaded} count={pending.byOrg.get(org.id)} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="reviewer-programs">
            <h2 id="reviewer-programs" className="text-lg font-semibold">
              Programs
            </h2>
            {direct.length === 0 ? (
              <p className="mt-3 text-slate-600">No program assignments.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {direct.map((program) => (
                  <li key={program.id}>
                    <Link to="/program/$programId/review" params={{ programId: program.id }} className={item}>
                      <span className="font-medium">{program.name}</span>
                      <span className="block text-sm text-slate-500">{program.organization_name}</span>
                      <PendingCount loaded={pending.loaded} count={pending.byProgram.get(program.id)} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </DashboardShell>
  );
}
