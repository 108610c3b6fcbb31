import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { matches, USER_SEARCH_DEBOUNCE_MS } from '../../../shared/domain/governance';
import { cn, focusRing } from '../../components/ui/cn';
import { Input, Select } from '../../components/ui/Field';
import { userPickerQuery } from './api';

export type PickOption = { id: string; label: string; hint?: string };

const MAX_SHOWN = 50;

/** A searchable picker: a search box narrowing a native select (keyboard and screen-reader friendly). */
export function ScopePicker({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: PickOption[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const found = options.filter((o) => matches(`${o.label} ${o.hint ?? ''}`, search));
    const list = found.slice(0, MAX_SHOWN);
    // Keep the chosen option in the list even when the search no longer matches it.
    const current = options.find((o) => o.id === value);
    if (current && !list.includes(current)) list.unshift(current);
    return { list, more: found.length - Math.min(found.length, MAX_SHOWN) };
  }, [options, search, value]);

  return (
    <div className="grid gap-2">
      <Input
        label={`Search ${label.toLowerCase()}`}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        disabled={disabled}
        placeholder="Type to narrow the list…"
      />
      <Select
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        placeholder={shown.list.length ? 'Choose…' : 'No matches'}
        options={shown.list.map((o) => ({ value: o.id, label: o.hint ? `${o.label} (${o.hint})` : o.label }))}
        hint={shown.more > 0 ? `${shown.more} more: narrow the search to see them.` : undefined}
      />
    </div>
  );
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID_RE.test(s.trim());

/** Debounced value (the user search waits 300 ms after the last keystroke). */
export function useDebounced<T>(value: T, ms = USER_SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The user of an assignment: a pasted user UUID, or found by email with the search beside it
 * (choosing a result fills in the id).
 */
export function UserIdField({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search);
  const found = useQuery(userPickerQuery(term));
  const invalid = value.trim() !== '' && !isUuid(value);

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Input
        label="User ID"
        required
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        placeholder="Paste the user's UUID"
        error={invalid ? 'User ids must be UUIDs.' : undefined}
        spellCheck={false}
        autoComplete="off"
      />
      <div>
        <Input
          label="Find user by email"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="name@example.org"
          autoComplete="off"
        />
        {term.trim().length >= 2 && (
          <div className="mt-2" aria-live="polite">
            {found.isPending ? (
              <p className="text-sm text-slate-600">Searching…</p>
            ) : found.isError ? (
              <p className="text-sm font-medium text-red-700">Failed to fetch users</p>
            ) : found.data.items.length === 0 ? (
              <p className="text-sm text-slate-600">No users found</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {found.data.items.map((u) => (
                  <li key={u.id}>
                    <button
                      type="button"
                      onClick={() => {
                        onChange(u.id);
                        setSearch('');
                      }}
                      className={cn(
                        'w-full px-3 py-2 text-left text-sm hover:bg-slate-50',
                        value === u.id && 'bg-blue-50',
                        focusRing,
                      )}
                    >
                      <span className="block font-medium text-slate-900">{u.email}</span>
                      <span className="block text-xs text-slate-600">
                        {u.full_name ?? 'No name'} · {u.id}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
