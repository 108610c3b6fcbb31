import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PublicProgram } from '../../../shared/schemas/public';
import { cn, focusRing } from '../../components/ui/cn';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';

/**
 * The discovery page's place until its Featured / All Orgs / All Programs tabs arrive:
 * a plain list of published programs.
 */
export function ProgramList() {
  const programs = useQuery({
    queryKey: ['programs', 'public'],
    queryFn: () => api<{ items: PublicProgram[]; total: number }>('GET', '/programs?limit=100'),
  });
  return (
    <section aria-labelledby="programs-heading">
      <h1 id="programs-heading" className="text-2xl font-bold text-slate-900">
        Programs
      </h1>
      {programs.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading programs...
        </p>
      ) : programs.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          Failed to load programs.
        </p>
      ) : programs.data.items.length === 0 ? (
        <p className="mt-6 text-slate-600">No programs found matching your criteria.</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {programs.data.items.map((p) => (
            <li
              key={p.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <p className="text-sm text-slate-500">{p.organization_name}</p>
              <h2 className="mt-1 text-lg font-semibold text-slate-900">{p.name}</h2>
              <p className="mt-1 text-xs font-medium uppercase tracking-wide text-blue-700">{p.type}</p>
              <p className="mt-2 line-clamp-3 text-sm text-slate-600">
                {p.description || 'A great program on our platform.'}
              </p>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-slate-500">Opens</dt>
                  <dd>{p.open_at ? formatDate(p.open_at) : 'No open date set'}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Deadline</dt>
                  <dd>{p.close_at ? formatDate(p.close_at) : 'No deadline set'}</dd>
                </div>
              </dl>
              <Link
                to="/programs/$id"
                params={{ id: p.id }}
                className={cn('mt-4 self-start font-medium text-blue-700 hover:underline', focusRing)}
              >
                Learn More<span className="sr-only"> about {p.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
