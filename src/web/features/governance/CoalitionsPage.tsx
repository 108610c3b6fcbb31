import { useQuery } from '@tanstack/react-query';
import { Network, Plus, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { addableOrganizations, shortId } from '../../../shared/domain/governance';
import type { SuperCoalition } from '../../../shared/schemas/governance';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { DeletedList } from '../../components/ui/DeletedList';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { TableSkeleton } from '../programs-admin/parts';
import { SuperAdminPage } from '../super/SuperAdminPage';
import {
  coalitionMembersQuery,
  superCoalitionsQuery,
  superOrgsQuery,
  useEntityMutations,
  useForbiddenRedirect,
  useMemberMutations,
} from './api';
import { CreateEntityForm } from './parts';

/** /super/coalitions: create, select, delete and restore coalitions; manage the selected one's members. */
export function CoalitionsPage() {
  usePageTitle('Coalitions');
  const active = useQuery(superCoalitionsQuery(false));
  const deleted = useQuery(superCoalitionsQuery(true));
  useForbiddenRedirect(active.error ?? deleted.error);
  const { create, remove, restore } = useEntityMutations('coalitions');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<SuperCoalition | null>(null);
  const selected = active.data?.items.find((c) => c.id === selectedId) ?? null;

  return (
    <SuperAdminPage title="Coalitions" description="Manage coalitions and their member organizations.">
      <CreateEntityForm
        heading="Create Coalition"
        submitLabel="Create Coalition"
        onCreate={(input) => create.mutateAsync(input)}
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="active-coalitions">
          <h2 id="active-coalitions" className="text-lg font-semibold text-slate-900">
            Active Coalitions
          </h2>
          <div className="mt-3">
            <QueryStates
              query={active}
              loading={<TableSkeleton />}
              error="Failed to load coalitions"
              isEmpty={(data) => data.items.length === 0}
              empty={<EmptyState icon={<Network />} title="No coalitions yet." />}
            >
              {(data) => (
                <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
                  {data.items.map((c) => {
                    const isSelected = c.id === selectedId;
                    return (
                      <li
                        key={c.id}
                        className={cn('flex items-center gap-2 p-2', isSelected && 'bg-blue-50')}
                      >
                        <button
                          type="button"
                          aria-pressed={isSelected}
                          onClick={() => setSelectedId(c.id)}
                          className={cn(
                            'min-w-0 flex-1 rounded-lg px-2 py-1.5 text-left hover:bg-slate-50',
                            isSelected && 'hover:bg-blue-100',
                            focusRing,
                          )}
                        >
                          <span className="block font-medium text-slate-900">{c.name}</span>
                          <span className="block text-xs text-slate-600">
                            {c.slug} · {c.member_count} {c.member_count === 1 ? 'member' : 'members'}
                          </span>
                        </button>
                        <Button
                          size="sm"
                          variant="danger-ghost"
                          onClick={() => setToDelete(c)}
                          aria-label={`Delete ${c.name}`}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                          Delete
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </QueryStates>
          </div>
        </section>

        <section
          aria-labelledby="selected-coalition"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          {selected ? (
            <CoalitionMembers coalition={selected} />
          ) : (
            <>
              <h2 id="selected-coalition" className="text-lg font-semibold text-slate-900">
                Select a Coalition
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                Choose a coalition on the list to see and change its member organizations.
              </p>
            </>
          )}
        </section>
      </div>

      <DeletedList
        title="Deleted Coalitions"
        query={deleted}
        error="Failed to load coalitions"
        emptyText="No deleted coalitions."
        detail={(item) => item.slug}
        restore={restore}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete ${toDelete?.name ?? 'coalition'}?`}
        description="The coalition will disappear from public pages and coalition labels. Its members and data are kept; you can restore it from Deleted Coalitions."
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          if (toDelete.id === selectedId) setSelectedId(null);
        }}
      />
    </SuperAdminPage>
  );
}

function CoalitionMembers({ coalition }: { coalition: SuperCoalition }) {
  const members = useQuery(coalitionMembersQuery(coalition.id));
  const orgs = useQuery(superOrgsQuery(false));
  const { add, remove } = useMemberMutations(coalition.id);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<{ id: string; name: string } | null>(null);
  const pickerId = useId();

  const memberIds = (members.data?.items ?? []).map((m) => m.organization_id);
  const picker = addableOrganizations(orgs.data?.items ?? [], memberIds, search);
  const chosenOrg = picker.matches.find((o) => o.id === chosen) ?? null;

  return (
    <>
      <h2 id="selected-coalition" className="text-lg font-semibold text-slate-900">
        {coalition.name}
      </h2>
      <p className="text-sm text-slate-600">{coalition.description || coalition.slug}</p>

      <h3 className="mt-6 font-semibold text-slate-900">Current Members</h3>
      <div className="mt-2">
        <QueryStates
          query={members}
          loading={<p className="text-sm text-slate-600">Loading…</p>}
          error="Failed to load coalition members"
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="text-sm text-slate-600">No members yet</p>}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {data.items.map((m) => {
                const name = m.name || shortId(m.organization_id);
                return (
                  <li
                    key={m.organization_id}
                    className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                  >
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{name}</p>
                      <p className="text-xs text-slate-600">
                        {m.member_since ? `Added ${formatDate(m.member_since)}` : 'Unknown date'}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant="danger-ghost"
                      onClick={() => setToRemove({ id: m.organization_id, name })}
                      aria-label={`Remove ${name}`}
                    >
                      <X className="size-4" aria-hidden="true" />
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryStates>
      </div>

      <h3 className="mt-6 font-semibold text-slate-900">Add Organization</h3>
      <div className="mt-2 space-y-3">
        <Input
          label="Search organizations"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setChosen(null);
          }}
          placeholder="Search by name…"
        />
        {orgs.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            Failed to load organizations
          </p>
        ) : orgs.isPending || members.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : picker.prompt ? (
          <p className="text-sm text-slate-600">{picker.prompt}</p>
        ) : (
          <fieldset>
            <legend className="sr-only">Organization to add</legend>
            <div className="space-y-2">
              {picker.matches.map((o) => (
                <label
                  key={o.id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
                    chosen === o.id ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    name={pickerId}
                    value={o.id}
                    checked={chosen === o.id}
                    onChange={() => setChosen(o.id)}
                    className="size-4 accent-blue-600"
                  />
                  <span className="font-medium text-slate-900">{o.name}</span>
                  <span className="text-xs text-slate-600">{o.slug}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Button
          onClick={() =>
            chosenOrg &&
            add.mutate(chosenOrg.id, {
              onSuccess: () => {
                setChosen(null);
                setSearch('');
              },
            })
          }
          disabled={!chosenOrg}
          loading={add.isPending}
        >
          {!add.isPending && <Plus className="size-4" aria-hidden="true" />}
          Add Selected Organization
        </Button>
      </div>

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={`Remove ${toRemove?.name ?? 'organization'} from ${coalition.name}?`}
        description="The organization stays on ApplyHub; it just leaves this coalition."
        confirmLabel="Remove"
        onConfirm={() => (toRemove ? remove.mutateAsync(toRemove.id) : undefined)}
      />
    </>
  );
}
