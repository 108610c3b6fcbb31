import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, RotateCcw, Trash2, Users } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import {
  bulkRoleMessage,
  inBatches,
  keepShown,
  planRoleChange,
  revertFailed,
  superAdminPrompt,
} from '../../../shared/domain/governance';
import type { AssignableRole, SuperUser, UserRoleFilter } from '../../../shared/schemas/governance';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input, Select } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { TableSkeleton } from '../programs-admin/parts';
import { SuperAdminPage } from '../super/SuperAdminPage';
import {
  governanceKey,
  setUserRole,
  superUsersQuery,
  USERS_PAGE,
  useForbiddenRedirect,
  useUserMutations,
} from './api';
import { RoleBadges } from './parts';
import { useDebounced } from './pickers';
import { UserAssignmentPanels } from './UserAssignmentPanels';

const roleFilterOptions: { value: UserRoleFilter; label: string }[] = [
  { value: 'applicant', label: 'Applicant' },
  { value: 'admin', label: 'Admin' },
  { value: 'reviewer', label: 'Reviewer' },
  { value: 'coalition_manager', label: 'Coalition manager' },
  { value: 'superadmin', label: 'Superadmin' },
];

const bulkRoles: { value: AssignableRole; label: string }[] = [
  { value: 'superadmin', label: 'Superadmin' },
  { value: 'applicant', label: 'User' },
];

const displayName = (u: SuperUser) => u.full_name || u.email;

/** /super/users: search, filter, bulk role change, per-user assignments, soft delete and restore. */
export function UsersPage() {
  usePageTitle('Users');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserRoleFilter | ''>('');
  const [showDeleted, setShowDeleted] = useState(false);
  const [offset, setOffset] = useState(0);
  const term = useDebounced(search);
  const list = useQuery(superUsersQuery({ search: term, role, deleted: showDeleted, offset }));
  useForbiddenRedirect(list.error);
  const { remove, restore } = useUserMutations();

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkRole, setBulkRole] = useState<AssignableRole>('applicant');
  const [bulkBusy, setBulkBusy] = useState(false);
  /** Rows as shown while a bulk change runs (optimistic), then with failed rows reverted. */
  const [shown, setShown] = useState<SuperUser[] | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ user: SuperUser; action: 'delete' | 'restore' } | null>(null);
  /** The promotion to Superadmin waiting for its answer: the ids it would change. */
  const [promotion, setPromotion] = useState<string[] | null>(null);

  const rows = shown ?? list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const selectable = rows.filter((u) => !u.deleted_at);
  const selectedCount = rows.filter((u) => selected.has(u.id)).length;
  // The list on screen is still the one before the latest search or filter: nothing may be chosen
  // from it (issue 33 item 6).
  const stale = search !== term || list.isPlaceholderData || list.isFetching;

  // When the list changes (search, filter, page, refresh), rows no longer shown are no longer selected.
  const listed = list.data?.items;
  useEffect(() => {
    if (listed) setSelected((s) => keepShown(s, listed));
  }, [listed]);

  const toggle = (set: Set<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  function startBulk() {
    const plan = planRoleChange(rows, selected, bulkRole);
    if (plan.targets.length === 0) {
      toast.info(plan.skipped.length ? 'Deleted users are skipped.' : 'Nothing to change.');
      return;
    }
    // Super admin rights are granted only after a second look that names how many people get them.
    if (bulkRole === 'superadmin') setPromotion(plan.targets);
    else return applyBulk(plan.targets, bulkRole);
  }

  async function applyBulk(targets: string[], role: AssignableRole) {
    const previous = rows;
    const plan = planRoleChange(previous, targets, role);
    setBulkBusy(true);
    setShown(plan.optimistic);
    const outcome = await inBatches(plan.targets, (id) => setUserRole(id, role, role === 'superadmin'));
    setShown(
      revertFailed(
        plan.optimistic,
        previous,
        outcome.failed.map((f) => f.key),
      ),
    );
    const result = bulkRoleMessage(outcome.failed.length);
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
    setSelected(new Set(outcome.failed.map((f) => f.key)));
    await queryClient.invalidateQueries({ queryKey: governanceKey });
    setShown(null);
    setBulkBusy(false);
  }

  const resetPaging = () => {
    setOffset(0);
    setSelected(new Set());
  };

  return (
    <SuperAdminPage title="Users" description="Roles and permissions of everyone on ApplyHub.">
      <section
        aria-label="Filters"
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        <Input
          label="Search users"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            resetPaging();
          }}
          placeholder="Name, email or ID"
        />
        <Select
          label="Role"
          value={role}
          placeholder="All roles"
          options={roleFilterOptions}
          onChange={(e) => {
            setRole(e.target.value as UserRoleFilter | '');
            resetPaging();
          }}
        />
        <Checkbox
          label="Show deleted"
          checked={showDeleted}
          onCheckedChange={(on) => {
            setShowDeleted(on);
            resetPaging();
          }}
          className="sm:pb-2"
        />
      </section>

      <section
        aria-label="Bulk role change"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <p className="text-sm leading-10 font-medium text-slate-800" aria-live="polite">
          {selectedCount} selected
        </p>
        <Button
          variant="secondary"
          onClick={() => setSelected(new Set(selectable.map((u) => u.id)))}
          disabled={selectable.length === 0 || bulkBusy || stale}
        >
          Select All
        </Button>
        <Button
          variant="secondary"
          onClick={() => setSelected(new Set())}
          disabled={selectedCount === 0 || bulkBusy}
        >
          Clear
        </Button>
        <Select
          label="New role"
          value={bulkRole}
          options={bulkRoles}
          onChange={(e) => setBulkRole(e.target.value as AssignableRole)}
          className="w-40"
        />
        <Button onClick={() => void startBulk()} disabled={selectedCount === 0 || stale} loading={bulkBusy}>
          Change role
        </Button>
      </section>

      <section aria-labelledby="user-list" className="mt-6">
        <h2 id="user-list" className="sr-only">
          Users
        </h2>
        <QueryStates
          query={list}
          loading={<TableSkeleton rows={5} />}
          error="Failed to fetch users"
          isEmpty={() => rows.length === 0}
          empty={<EmptyState icon={<Users />} title="No users found" />}
        >
          {() => (
            <>
              <p className="mb-2 text-sm text-slate-600">
                {total === 1 ? '1 user' : `${total} users`}
                {total > USERS_PAGE && ` · showing ${offset + 1}–${Math.min(offset + USERS_PAGE, total)}`}
              </p>
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
                {rows.map((u) => {
                  const isDeleted = !!u.deleted_at;
                  const open = expanded.has(u.id);
                  const name = displayName(u);
                  return (
                    <Fragment key={u.id}>
                      <li
                        className={cn(
                          'flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3',
                          isDeleted && 'bg-slate-100 text-slate-600',
                        )}
                        data-testid="user-row"
                        data-email={u.email}
                      >
                        <Checkbox
                          label={<span className="sr-only">Select {name}</span>}
                          checked={selected.has(u.id)}
                          onCheckedChange={(on) => setSelected((s) => toggle(s, u.id, on))}
                          disabled={isDeleted || bulkBusy}
                          className="pt-1"
                        />
                        <div className={cn('min-w-0 flex-1 basis-56', isDeleted && 'line-through')}>
                          <p className={cn('font-medium', isDeleted ? 'text-slate-600' : 'text-slate-900')}>
                            {u.full_name || '(no name)'}
                          </p>
                          <p
                            className={cn(
                              'text-sm break-all',
                              isDeleted ? 'text-slate-600' : 'text-slate-700',
                            )}
                          >
                            {u.email}
                          </p>
                          <p className="text-xs text-slate-600">
                            <span className="break-all">ID {u.id}</span> · Role {u.role} · Joined{' '}
                            {formatDate(u.created_at)}
                          </p>
                        </div>
                        <div className="flex flex-col gap-2 max-sm:w-full max-sm:pl-8 sm:items-end">
                          <span className="flex flex-wrap gap-1 sm:justify-end">
                            {isDeleted && <Badge status="deleted">Deleted</Badge>}
                            <RoleBadges user={u} />
                          </span>
                          <div className="flex flex-wrap gap-2 sm:justify-end">
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-expanded={open}
                              aria-label={`Assignments of ${name}`}
                              onClick={() => setExpanded((s) => toggle(s, u.id, !open))}
                            >
                              {open ? (
                                <ChevronDown className="size-4" aria-hidden="true" />
                              ) : (
                                <ChevronRight className="size-4" aria-hidden="true" />
                              )}
                              Assignments
                            </Button>
                            {isDeleted ? (
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() => setConfirm({ user: u, action: 'restore' })}
                                aria-label={`Restore ${name}`}
                              >
                                <RotateCcw className="size-4" aria-hidden="true" />
                                Restore
                              </Button>
                            ) : (
                              <Button
                                size="sm"
                                variant="danger-ghost"
                                onClick={() => setConfirm({ user: u, action: 'delete' })}
                                aria-label={`Delete ${name}`}
                              >
                                <Trash2 className="size-4" aria-hidden="true" />
                                Delete
                              </Button>
                            )}
                          </div>
                        </div>
                      </li>
                      {open && (
                        <li className="bg-slate-50 px-4 py-4">
                          <UserAssignmentPanels userId={u.id} userLabel={name} />
                        </li>
                      )}
                    </Fragment>
                  );
                })}
              </ul>
              {total > USERS_PAGE && (
                <nav aria-label="Pages" className="mt-4 flex justify-between">
                  <Button
                    variant="secondary"
                    disabled={offset === 0}
                    onClick={() => setOffset((o) => Math.max(0, o - USERS_PAGE))}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={offset + USERS_PAGE >= total}
                    onClick={() => setOffset((o) => o + USERS_PAGE)}
                  >
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </QueryStates>
      </section>

      <ConfirmDialog
        open={promotion !== null}
        onOpenChange={(open) => !open && setPromotion(null)}
        title={superAdminPrompt(promotion?.length ?? 0)}
        description="Super admins can manage every organization, program, application and user on ApplyHub, including other super admins."
        confirmLabel={promotion?.length === 1 ? 'Make super admin' : 'Make super admins'}
        onConfirm={() => promotion && applyBulk(promotion, 'superadmin')}
      />

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm?.action === 'restore'
            ? `Restore ${confirm ? displayName(confirm.user) : 'user'}?`
            : `Delete ${confirm ? displayName(confirm.user) : 'user'}?`
        }
        description={
          confirm?.action === 'restore'
            ? 'They can sign in again and get their roles and assignments back.'
            : 'They are signed out at once and lose every role until restored. Their profile, applications and assignments are kept.'
        }
        confirmLabel={confirm?.action === 'restore' ? 'Restore' : 'Delete'}
        destructive={confirm?.action !== 'restore'}
        onConfirm={() => {
          if (!confirm) return;
          return confirm.action === 'restore'
            ? restore.mutateAsync(confirm.user.id)
            : remove.mutateAsync(confirm.user.id);
        }}
      />
    </SuperAdminPage>
  );
}
