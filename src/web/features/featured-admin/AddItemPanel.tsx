import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { useEffect, useState } from 'react';
import { FEATURED_SEARCH_MAX, scheduleProblem } from '../../../shared/domain/featured';
import type { AdminSection, SearchResult } from '../../../shared/schemas/featured';
import type { FeaturedTargetType } from '../../../shared/schemas/public';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn, focusRing } from '../../components/ui/cn';
import { Input, Select } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { ApiError } from '../../lib/api';
import { searchTargetsQuery, useFeaturedMutations } from './api';
import { emptyDraft, fromLocalInput, type ItemDraft, ItemFields } from './ItemFields';
import { targetLabel } from './ItemsPanel';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/** Search organizations, programs and coalitions (at most 20) and add one to the selected section. */
export function AddItemPanel({ section }: { section: AdminSection }) {
  const [q, setQ] = useState('');
  const [type, setType] = useState<FeaturedTargetType | 'all'>('all');
  const query = useDebounced(q.trim(), 300);
  const results = useQuery({ ...searchTargetsQuery(query, type), placeholderData: keepPreviousData });
  const [chosen, setChosen] = useState<SearchResult | null>(null);
  const [draft, setDraft] = useState<ItemDraft>(emptyDraft);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const { addItem } = useFeaturedMutations();

  function add() {
    if (!chosen) return;
    const starts_at = fromLocalInput(draft.starts_at);
    const ends_at = fromLocalInput(draft.ends_at);
    const problem = scheduleProblem(starts_at, ends_at);
    setScheduleError(problem);
    if (problem) return;
    addItem.mutate(
      {
        sectionId: section.id,
        input: {
          target_type: chosen.target_type,
          target_id: chosen.target_id,
          title: draft.title.trim() || null,
          button_label: draft.button_label.trim() || null,
          card_color: (draft.card_color as never) ?? null,
          starts_at,
          ends_at,
        },
      },
      {
        onSuccess: () => {
          setChosen(null);
          setDraft(emptyDraft);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) setScheduleError(err.message);
        },
      },
    );
  }

  return (
    <Card
      title={`Add to ${section.header}`}
      description={`Search organizations, programs or coalitions (at most ${FEATURED_SEARCH_MAX} results).`}
    >
      <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Input
          label="Search"
          type="search"
          placeholder="Name of an organization, program or coalition"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          label="Kind"
          value={type}
          onChange={(e) => setType(e.target.value as FeaturedTargetType | 'all')}
          options={[
            { value: 'all', label: 'All' },
            { value: 'org', label: 'Organizations' },
            { value: 'program', label: 'Programs' },
            { value: 'coalition', label: 'Coalitions' },
          ]}
        />
      </div>
      <div className="mt-3">
        <QueryStates
          query={results}
          loading={
            <p role="status" className="text-sm text-slate-600">
              Searching…
            </p>
          }
          error="Search failed."
          isEmpty={(data) => data.items.length === 0}
          empty={
            <p role="status" className="text-sm text-slate-600">
              No matches.
            </p>
          }
        >
          {(data) => (
            <fieldset>
              <legend className="sr-only">Results</legend>
              <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
                {data.items.map((r) => {
                  const checked = chosen?.target_id === r.target_id && chosen.target_type === r.target_type;
                  return (
                    <li key={`${r.target_type}:${r.target_id}`}>
                      <label
                        className={cn(
                          'flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50',
                          checked && 'bg-blue-50',
                        )}
                      >
                        <input
                          type="radio"
                          name={`featured-target-${section.id}`}
                          className={cn('size-4 accent-blue-600', focusRing)}
                          checked={checked}
                          onChange={() => setChosen(r)}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium text-slate-900">{r.name}</span>
                          <span className="block truncate text-xs text-slate-600">
                            {targetLabel[r.target_type]}
                            {r.target_type === 'program' && r.detail ? ` · ${r.detail}` : ''}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
        </QueryStates>
      </div>

      {chosen ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <p className="mb-4 text-sm text-slate-700">
            Adding <strong>{chosen.name}</strong> ({targetLabel[chosen.target_type].toLowerCase()})
          </p>
          <ItemFields
            idPrefix={`add-${section.id}`}
            draft={draft}
            onChange={setDraft}
            targetName={chosen.name}
            scheduleError={scheduleError}
          />
          <div className="mt-4 flex justify-end">
            <Button onClick={add} loading={addItem.isPending} className="w-full sm:w-auto">
              Add to section
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600">Choose a result to set its title, colour and schedule.</p>
      )}
    </Card>
  );
}
