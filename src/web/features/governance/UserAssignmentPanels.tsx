import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { AssignableKind, AssignmentRow, ScopeOptions } from '../../../shared/schemas/governance';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { scopesQuery, useAssignmentMutations, userAssignmentsQuery } from './api';
import { ReviewByFieldset } from './parts';
import { type PickOption, ScopePicker } from './pickers';

export type ScopeType = 'org' | 'program' | 'coalition';

export function scopeOptionsFor(scopes: ScopeOptions | undefined, type: ScopeType): PickOption[] {
  if (!scopes) return [];
  if (type === 'org') return scopes.orgs.map((o) => ({ id: o.id, label: o.name, hint: o.slug }));
  if (type === 'coalition') return scopes.coalitions.map((c) => ({ id: c.id, label: c.name, hint: c.slug }));
  return scopes.programs.map((p) => ({ id: p.id, label: p.name, hint: p.organization_name }));
}

/** 'Youth Orchestra Auditions · Riverside Arts Center' for a program; the name otherwise. */
export function scopeText(a: AssignmentRow): string {
  const name = a.scope_name ?? 'Deleted or unknown';
  if (a.scope_type === 'program' && a.org_name) return `${name} · ${a.org_name}`;
  return name;
}

const panels: { kind: AssignableKind; title: string; scopeLabel: string }[] = [
  { kind: 'org_admin', title: 'Org Admin', scopeLabel: 'Organization' },
  { kind: 'reviewer', title: 'Reviewer', scopeLabel: 'Organization' },
  { kind: 'coalition_manager', title: 'Coalition Manager', scopeLabel: 'Coalition' },
];

/** The three assignment panels of an expanded user row: Org Admin, Reviewer, Coalition Manager. */
export function UserAssignmentPanels({ userId, userLabel }: { userId: string; userLabel: string }) {
  const list = useQuery(userAssignmentsQuery(userId));
  const scopes = useQuery(scopesQuery);
  if (list.isError || scopes.isError) {
    return (
      <ErrorState
        message="Failed to fetch users"
        onRetry={() => {
          void list.refetch();
          void scopes.refetch();
        }}
      />
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {panels.map((p) => (
        <Panel
          key={p.kind}
          {...p}
          userId={userId}
          userLabel={userLabel}
          rows={(list.data?.items ?? []).filter((a) => a.kind === p.kind)}
          loading={list.isPending || scopes.isPending}
          scopes={scopes.data}
        />
      ))}
    </div>
  );
}

function Panel({
  kind,
  title,
  userId,
  userLabel,
  rows,
  loading,
  scopes,
}: {
  kind: AssignableKind;
  title: string;
  userId: string;
  userLabel: string;
  rows: AssignmentRow[];
  loading: boolean;
  scopes: ScopeOptions | undefined;
}) {
  const { add, remove } = useAssignmentMutations();
  const [reviewerScope, setReviewerScope] = useState<'org' | 'program'>('org');
  const scopeType: ScopeType =
    kind === 'org_admin' ? 'org' : kind === 'coalition_manager' ? 'coalition' : reviewerScope;
  const [scopeId, setScopeId] = useState('');
  const radioName = useId();
  const headingId = useId();
  const label = scopeType === 'org' ? 'Organization' : scopeType === 'program' ? 'Program' : 'Coalition';
  const adding = add.isPending;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h3>
      {loading ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : (
        <>
          {rows.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No assignments yet.</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {rows.map((a) => (
                <li key={a.id} className="flex items-start justify-between gap-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{scopeText(a)}</p>
                    <p className="mt-0.5 flex gap-1">
                      {kind === 'reviewer' && (
                        <Badge tone="neutral">{a.scope_type === 'org' ? 'Organization' : 'Program'}</Badge>
                      )}
                      <Badge status={a.status}>{a.status === 'active' ? 'Active' : 'Revoked'}</Badge>
                    </p>
                  </div>
                  {a.status === 'active' && (
                    <Button
                      size="sm"
                      variant="danger-ghost"
                      onClick={() => remove.mutate(a.id)}
                      loading={remove.isPending && remove.variables === a.id}
                      aria-label={`Remove ${title} ${scopeText(a)} from ${userLabel}`}
                    >
                      {!(remove.isPending && remove.variables === a.id) && (
                        <X className="size-4" aria-hidden="true" />
                      )}
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 grid gap-2 border-t border-slate-100 pt-3">
            {kind === 'reviewer' && (
              <ReviewByFieldset
                name={radioName}
                value={reviewerScope}
                onChange={(s) => {
                  setReviewerScope(s);
                  setScopeId('');
                }}
              />
            )}
            <ScopePicker
              label={label}
              options={scopeOptionsFor(scopes, scopeType)}
              value={scopeId}
              onChange={setScopeId}
            />
            <Button
              size="sm"
              disabled={!scopeId}
              loading={adding}
              onClick={() =>
                add.mutate(
                  { kind, scope_type: scopeType, scope_id: scopeId, user_id: userId, status: 'active' },
                  { onSuccess: () => setScopeId('') },
                )
              }
              aria-label={`Add ${title} assignment for ${userLabel}`}
            >
              {!adding && <Plus className="size-4" aria-hidden="true" />}
              Add
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
