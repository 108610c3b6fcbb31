import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { coalitionLabel } from '../../../shared/domain/coalition-label';
import { Badge } from '../../components/ui/Badge';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input } from '../../components/ui/Field';
import { LinkButton } from '../../components/ui/LinkButton';
import { orgsQuery } from './api';

/** All Orgs: a client-side, case-insensitive name search over the loaded page. */
export function OrgsTab() {
  const orgs = useQuery(orgsQuery);
  const [search, setSearch] = useState('');
  if (orgs.isPending) {
    return (
      <p role="status" className="py-6 text-slate-600">
        Loading organizations...
      </p>
    );
  }
  if (orgs.isError) {
    return (
      <ErrorState
        message="Failed to load organizations"
        onRetry={() => void orgs.refetch()}
        retrying={orgs.isFetching}
      />
    );
  }
  const term = search.trim().toLowerCase();
  const shown = term ? orgs.data.items.filter((o) => o.name.toLowerCase().includes(term)) : orgs.data.items;
  return (
    <div className="space-y-4">
      <Input
        type="search"
        label="Search all orgs"
        hideLabel
        placeholder="Search all orgs..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="max-w-md"
      />
      {shown.length === 0 ? (
        <EmptyState title="No organizations match your search." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((org) => (
            <li
              key={org.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">{org.name}</h2>
                <Badge status="active">Active</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-600">{coalitionLabel(org.coalition_names)}</p>
              <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-700">
                {org.description || 'A great organization on our platform.'}
              </p>
              <LinkButton
                to="/org/$orgSlug"
                params={{ orgSlug: org.slug }}
                variant="secondary"
                size="sm"
                className="mt-4 self-start"
              >
                Learn More<span className="sr-only"> about {org.name}</span>
              </LinkButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
