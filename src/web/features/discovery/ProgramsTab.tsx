import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { byDeadline, deadlineText, opensText } from '../../../shared/domain/discovery';
import type { ProgramType } from '../../../shared/domain/programs';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input, Select } from '../../components/ui/Field';
import { LinkButton } from '../../components/ui/LinkButton';
import { ProgramChip } from '../programs/ProgramChip';
import { programsQuery } from './api';

const typeFilters: { value: '' | ProgramType; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'application', label: 'Applications' },
  { value: 'audition', label: 'Auditions' },
  { value: 'scholarship', label: 'Scholarships' },
  { value: 'competition', label: 'Competitions' },
];

const typeName = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

/**
 * All Programs: type filter and a client-side search over program and organization names; sorted by
 * deadline with closed programs last. 'Learn More' opens the program page, where applying starts.
 */
export function ProgramsTab() {
  const programs = useQuery(programsQuery);
  const [type, setType] = useState<'' | ProgramType>('');
  const [search, setSearch] = useState('');
  if (programs.isPending) {
    return (
      <p role="status" className="py-6 text-slate-600">
        Loading programs...
      </p>
    );
  }
  if (programs.isError) {
    return (
      <ErrorState
        message="Failed to load programs."
        onRetry={() => void programs.refetch()}
        retrying={programs.isFetching}
      />
    );
  }
  const now = new Date();
  const term = search.trim().toLowerCase();
  const shown = programs.data.items
    .filter(
      (p) =>
        (!type || p.type === type) &&
        (!term || p.name.toLowerCase().includes(term) || p.organization_name.toLowerCase().includes(term)),
    )
    .sort(byDeadline(now));
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label="Program type"
          value={type}
          onChange={(e) => setType(e.target.value as '' | ProgramType)}
          options={typeFilters}
          className="sm:w-48"
        />
        <Input
          type="search"
          label="Search programs"
          hideLabel
          placeholder="Search programs..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:max-w-md sm:flex-1"
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No programs found matching your criteria." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((p) => {
            return (
              <li
                key={p.id}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <div className="flex items-start justify-between gap-2">
                  <p className="text-sm text-slate-600">{p.organization_name}</p>
                  <ProgramChip program={p} now={now} />
                </div>
                <h2 className="mt-1 text-lg font-semibold text-slate-900">{p.name}</h2>
                <p className="mt-1 text-xs font-medium uppercase tracking-wide text-blue-700">
                  {typeName(p.type)}
                </p>
                <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-700">
                  {p.description || 'A great program on our platform.'}
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-600">Opens</dt>
                    <dd className="text-slate-900">{opensText(p.open_at, now)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Deadline</dt>
                    <dd className="text-slate-900">{deadlineText(p.close_at, now)}</dd>
                  </div>
                </dl>
                <LinkButton
                  to="/programs/$id"
                  params={{ id: p.id }}
                  variant="secondary"
                  size="sm"
                  className="mt-4 self-start"
                >
                  Learn More<span className="sr-only"> about {p.name}</span>
                </LinkButton>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
