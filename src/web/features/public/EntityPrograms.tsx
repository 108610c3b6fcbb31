import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { PublicProgram } from '../../../shared/schemas/public';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { ProgramChip } from '../programs/ProgramChip';

interface Props {
  kind: 'organization' | 'coalition';
  entity: {
    name: string;
    slug: string;
    description: string | null;
    /** Organizations: their settings (issue 19). */
    website?: string | null;
    contact_email?: string | null;
    logo_url?: string | null;
  };
}

/** Public org or coalition page: heading, slug, description, and its published programs with a search. */
export function EntityPrograms({ kind, entity }: Props) {
  usePageTitle(entity.name);
  const searchId = useId();
  const [search, setSearch] = useState('');
  const param = kind === 'organization' ? 'org' : 'coalition';
  const programs = useQuery({
    queryKey: ['programs', param, entity.slug],
    queryFn: () =>
      api<{ items: PublicProgram[] }>(
        'GET',
        `/programs?${param}=${encodeURIComponent(entity.slug)}&limit=500`,
      ),
  });
  const term = search.trim().toLowerCase();
  const items = (programs.data?.items ?? []).filter(
    (p) => !term || p.name.toLowerCase().includes(term) || (p.description ?? '').toLowerCase().includes(term),
  );

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-4">
          {entity.logo_url && (
            <img
              src={entity.logo_url}
              alt=""
              className="size-16 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
            />
          )}
          <div className="min-w-0">
            <h1 className="text-2xl font-bold break-words text-slate-900">{entity.name}</h1>
            <p className="text-sm text-slate-500">/{entity.slug}</p>
            {entity.description && <p className="mt-3 max-w-3xl text-slate-700">{entity.description}</p>}
            {(entity.website || entity.contact_email) && (
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {entity.website && (
                  <a
                    href={entity.website}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                    className={cn('break-all font-medium text-blue-700 hover:underline', focusRing)}
                  >
                    {entity.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    <span className="sr-only"> (website, opens in a new tab)</span>
                  </a>
                )}
                {entity.contact_email && (
                  <a
                    href={`mailto:${entity.contact_email}`}
                    className={cn('break-all font-medium text-blue-700 hover:underline', focusRing)}
                  >
                    {entity.contact_email}
                  </a>
                )}
              </p>
            )}
          </div>
        </div>
        <Link to="/dashboard" className={cn('font-medium text-blue-700 hover:underline', focusRing)}>
          Dashboard
        </Link>
      </div>

      <div className="relative mt-8 max-w-md">
        <label htmlFor={searchId} className="sr-only">
          Search programs
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search programs..."
          className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 focus:border-blue-600 focus:outline-2 focus:outline-blue-600"
        />
      </div>

      {programs.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading programs...
        </p>
      ) : programs.isError ? (
        <ErrorState
          className="mt-6"
          message="Failed to load programs."
          onRetry={() => void programs.refetch()}
          retrying={programs.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          className="mt-6"
          title={
            term
              ? 'No programs match your search.'
              : `No published programs yet for this ${kind === 'organization' ? 'organization' : 'coalition'}.`
          }
        />
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((p) => (
            <li
              key={p.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  {kind === 'coalition' && <p className="text-sm text-slate-500">{p.organization_name}</p>}
                  <h2 className="text-lg font-semibold text-slate-900">{p.name}</h2>
                </div>
                <ProgramChip program={p} />
              </div>
              <p className="mt-1 text-xs font-medium uppercase tracking-wide text-blue-700">{p.type}</p>
              <p className="mt-2 line-clamp-3 text-sm text-slate-600">{p.description}</p>
              <Link
                to={`/programs/${p.id}` as never}
                className={cn('mt-4 self-start font-medium text-blue-700 hover:underline', focusRing)}
              >
                View program<span className="sr-only">: {p.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
