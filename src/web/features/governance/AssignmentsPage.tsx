import { useQuery } from '@tanstack/react-query';
import { Plus, UserCheck, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { AssignableKind, AssignmentRow } from '../../../shared/schemas/governance';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Select } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { TableSkeleton } from '../programs-admin/parts';
import { SuperAdminPage } from '../super/SuperAdminPage';
import { assignmentsQuery, scopesQuery, useAssignmentMutations, useForbiddenRedirect } from './api';
import { ReviewByFieldset } from './parts';
import { isUuid, ScopePicker, UserIdField } from './pickers';
import { type ScopeType, scopeOptionsFor, scopeText } from './UserAssignmentPanels';

const tabs: { kind: AssignableKind; label: string; addTitle: string }[] = [
  { kind: 'org_admin', label: 'Org Admins', addTitle: 'Add Org Admin' },
  { kind: 'coalition_manager', label: 'Coalition Managers', addTitle: 'Add Coalition Manager' },
  { kind: 'reviewer', label: 'Reviewers', addTitle: 'Add Reviewer' },
];

/** /super/assignments: org admins, coalition managers and reviewers, added with status and user id. */
export function AssignmentsPage() {
  usePageTitle('Assignments');
  return (
    <SuperAdminPage title="Assignments" description="Who administers, manages and reviews what.">
      <Tabs defaultValue="org_admin" className="mt-6">
        <TabsList aria-label="Assignment kinds">
          {tabs.map((t) => (
            <TabsTrigger key={t.kind} value={t.kind}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.kind} value={t.kind}>
            <KindTab kind={t.kind} addTitle={t.addTitle} />
          </TabsContent>
        ))}
      </Tabs>
    </SuperAdminPage>
  );
}

function KindTab({ kind, addTitle }: { kind: AssignableKind; addTitle: string }) {
  const list = useQuery(assignmentsQuery(kind));
  const scopes = useQuery(scopesQuery);
  useForbiddenRedirect(list.error ?? scopes.error);
  const { add, remove } = useAssignmentMutations();
  const [reviewerScope, setReviewerScope] = useState<'org' | 'program'>('org');
  const scopeType: ScopeType =
    kind === 'org_admin' ? 'org' : kind === 'coalition_manager' ? 'coalition' : reviewerScope;
  const [scopeId, setScopeId] = useState('');
  const [userId, setUserId] = useState('');
  const [status, setStatus] = useState<'active' | 'revoked'>('active');
  const [toRemove, setToRemove] = useState<AssignmentRow | null>(null);
  const radioName = useId();
  const headingId = useId();
  const ready = !!scopeId && isUuid(userId);
  const scopeLabel = scopeType === 'org' ? 'Organization' : scopeType === 'program' ? 'Program' : 'Coalition';

  return (
    <>
      <section
        aria-labelledby={headingId}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {addTitle}
        </h2>
        <form
          className="mt-4 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!ready) return;
            add.mutate(
              { kind, scope_type: scopeType, scope_id: scopeId, user_id: userId.trim(), status },
              {
                onSuccess: () => {
                  setUserId('');
                  setScopeId('');
                },
              },
            );
          }}
        >
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
          {scopes.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {kind === 'coalition_manager' ? 'Failed to load coalitions' : 'Failed to load organizations'}
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <ScopePicker
                label={scopeLabel}
                options={scopeOptionsFor(scopes.data, scopeType)}
                value={scopeId}
                onChange={setScopeId}
                disabled={scopes.isPending}
              />
              <Select
                label="Status"
                value={status}
                onChange={(e) => setStatus(e.target.value as 'active' | 'revoked')}
                options={[
                  { value: 'active', label: 'Active' },
                  { value: 'revoked', label: 'Revoked' },
                ]}
              />
            </div>
          )}
          <UserIdField value={userId} onChange={setUserId} />
          <div>
            <Button type="submit" disabled={!ready} loading={add.isPending}>
              {!add.isPending && <Plus className="size-4" aria-hidden="true" />}
              Add
            </Button>
          </div>
        </form>
      </section>

      <section aria-label="Current assignments" className="mt-6">
        <QueryStates
          query={list}
          loading={<TableSkeleton />}
          error="Failed to fetch users"
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState icon={<UserCheck />} title="No assignments yet." />}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
              {data.items.map((a) => (
                <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{scopeText(a)}</p>
                    <p className="text-sm break-all text-slate-700">
                      {a.user_name ? `${a.user_name} · ` : ''}
                      {a.user_email}
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                      {kind === 'reviewer' && (
                        <Badge tone="neutral">{a.scope_type === 'org' ? 'Organization' : 'Program'}</Badge>
                      )}
                      <Badge status={a.status}>{a.status === 'active' ? 'Active' : 'Revoked'}</Badge>
                      <span>Updated {formatDateTime(a.updated_at)}</span>
                    </p>
                  </div>
                  {a.status === 'active' && (
                    <Button
                      size="sm"
                      variant="danger-ghost"
                      onClick={() => setToRemove(a)}
                      aria-label={`Remove ${a.user_email} from ${scopeText(a)}`}
                    >
                      <X className="size-4" aria-hidden="true" />
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title="Remove this assignment?"
        description={
          kind === 'reviewer'
            ? 'The reviewer assignment is removed.'
            : 'The assignment is revoked: it stays on record with status Revoked and grants nothing.'
        }
        confirmLabel="Remove"
        onConfirm={() => (toRemove ? remove.mutateAsync(toRemove.id) : undefined)}
      />
    </>
  );
}
