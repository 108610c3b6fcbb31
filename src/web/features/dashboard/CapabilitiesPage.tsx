import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2, ClipboardList, Network, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/LinkButton';
import { usePageTitle } from '../../lib/title';
import { capabilitiesQuery } from '../access/queries';

const cardLink = cn(
  'block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-300 hover:shadow',
  focusRing,
);

function Group({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  // An id without spaces: aria-labelledby reads a space-separated list of ids.
  const id = `group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="mt-8" aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** 'Your Capabilities': every organization, program and coalition the user was assigned to. */
export function CapabilitiesPage() {
  usePageTitle('Your Capabilities');
  const caps = useQuery(capabilitiesQuery);

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Your Capabilities</h1>
          <p className="mt-1 text-slate-600">Access your assigned organizations and coalitions</p>
        </div>
        <Button variant="secondary" onClick={() => void caps.refetch()} loading={caps.isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </Button>
      </div>

      {caps.isPending ? (
        <p role="status" className="mt-8 text-slate-600">
          Loading your capabilities...
        </p>
      ) : caps.isError ? (
        <p role="alert" className="mt-8 rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          Unable to load your capabilities.
        </p>
      ) : caps.data.admin_orgs.length + caps.data.reviewer_programs.length + caps.data.coalitions.length ===
        0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-semibold">No Assignments</h2>
          <p className="mt-2 text-slate-600">
            You don't have any admin, reviewer, or coalition manager assignments yet.
          </p>
          <LinkButton to="/dashboard" className="mt-4">
            Go to Dashboard
          </LinkButton>
        </div>
      ) : (
        <>
          {caps.data.admin_orgs.length > 0 && (
            <Group
              title="Admin for Organizations"
              icon={<Building2 aria-hidden="true" className="size-5 text-blue-600" />}
            >
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {caps.data.admin_orgs.map((org) => (
                  <li key={org.id} className="flex flex-col gap-2">
                    <Link to="/org/$orgSlug/admin" params={{ orgSlug: org.slug }} className={cardLink}>
                      <span className="font-medium text-slate-900">{org.name}</span>
                      <span className="mt-1 block text-sm text-slate-500">/{org.slug}</span>
                    </Link>
                    <LinkButton
                      to={`/org/${org.slug}/admin/reviews` as never}
                      variant="secondary"
                      size="sm"
                      className="self-start"
                    >
                      {org.name} Reviews
                    </LinkButton>
                  </li>
                ))}
              </ul>
            </Group>
          )}
          {caps.data.reviewer_programs.length > 0 && (
            <Group
              title="Reviewer for Programs"
              icon={<ClipboardList aria-hidden="true" className="size-5 text-blue-600" />}
            >
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {caps.data.reviewer_programs.map((program) => (
                  <li key={program.id}>
                    <Link to={`/review/${program.id}` as never} className={cardLink}>
                      <span className="font-medium text-slate-900">{program.name}</span>
                      <span className="mt-1 block text-sm text-slate-500">{program.organization_name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <LinkButton to={'/review/all' as never} variant="secondary" className="mt-3">
                All Reviews
              </LinkButton>
            </Group>
          )}
          {caps.data.coalitions.length > 0 && (
            <Group
              title="Coalition Manager"
              icon={<Network aria-hidden="true" className="size-5 text-blue-600" />}
            >
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {caps.data.coalitions.map((coalition) => (
                  <li key={coalition.id}>
                    <Link to="/coalition/$slug/cm" params={{ slug: coalition.slug }} className={cardLink}>
                      <span className="font-medium text-slate-900">{coalition.name}</span>
                      <span className="mt-1 block text-sm text-slate-500">/{coalition.slug}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Group>
          )}
        </>
      )}
    </div>
  );
}
