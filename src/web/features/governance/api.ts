import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type {
  AssignableKind,
  AssignableRole,
  AssignmentRow,
  CoalitionMember,
  CreateEntityInput,
  ScopeOptions,
  SuperCoalition,
  SuperOrg,
  SuperUser,
  UserRoleFilter,
} from '../../../shared/schemas/governance';
import { ApiError, api } from '../../lib/api';
import { isForbidden } from '../../lib/forbidden';
import { toast } from '../../lib/toast';
import { useForbiddenRedirect } from '../../lib/use-forbidden-redirect';

type List<T> = { items: T[]; total: number };
const enc = encodeURIComponent;

export const governanceKey = ['governance'] as const;
const orgsKey = [...governanceKey, 'orgs'] as const;
const coalitionsKey = [...governanceKey, 'coalitions'] as const;
const usersKey = [...governanceKey, 'users'] as const;
const assignmentsKey = [...governanceKey, 'assignments'] as const;
const scopesKey = [...governanceKey, 'scopes'] as const;

export const superOrgsQuery = (deleted: boolean) =>
  queryOptions({
    queryKey: [...orgsKey, deleted],
    queryFn: () => api<List<SuperOrg>>('GET', `/super/orgs?deleted=${deleted}`),
  });

export const superCoalitionsQuery = (deleted: boolean) =>
  queryOptions({
    queryKey: [...coalitionsKey, deleted],
    queryFn: () => api<List<SuperCoalition>>('GET', `/super/coalitions?deleted=${deleted}`),
  });

export const coalitionMembersQuery = (id: string) =>
  queryOptions({
    queryKey: [...coalitionsKey, 'members', id],
    queryFn: () => api<List<CoalitionMember>>('GET', `/super/coalitions/${enc(id)}/members`),
  });

export type UserFilter = { search: string; role: UserRoleFilter | ''; deleted: boolean; offset: number };
export const USERS_PAGE = 1000;

export const superUsersQuery = (f: UserFilter) =>
  queryOptions({
    queryKey: [...usersKey, f],
    queryFn: () => {
      const p = new URLSearchParams({ limit: String(USERS_PAGE), offset: String(f.offset) });
      if (f.search.trim()) p.set('search', f.search.trim());
      if (f.role) p.set('role', f.role);
      if (f.deleted) p.set('deleted', 'true');
      return api<List<SuperUser>>('GET', `/super/users?${p}`);
    },
    placeholderData: keepPreviousData,
  });

/** The user picker: a few users by email (or name or id). */
export const userPickerQuery = (search: string) =>
  queryOptions({
    queryKey: [...usersKey, 'picker', search.trim()],
    queryFn: () => api<List<SuperUser>>('GET', `/super/users?limit=8&search=${enc(search.trim())}`),
    enabled: search.trim().length >= 2,
  });

export const userAssignmentsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...assignmentsKey, 'user', userId],
    queryFn: () => api<List<AssignmentRow>>('GET', `/super/users/${enc(userId)}/assignments`),
  });

export const assignmentsQuery = (kind: AssignableKind) =>
  queryOptions({
    queryKey: [...assignmentsKey, 'kind', kind],
    queryFn: () => api<List<AssignmentRow>>('GET', `/super/assignments?kind=${kind}`),
  });

export const scopesQuery = queryOptions({
  queryKey: scopesKey,
  queryFn: () => api<ScopeOptions>('GET', '/super/scopes'),
  staleTime: 30_000,
});

export { isForbidden, useForbiddenRedirect };

/** The server's message when it gave one for this case (409/422/404), else the spec's fallback. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && [404, 409, 422].includes(err.status)) return err.message;
  return fallback;
}

function useFail() {
  const navigate = useNavigate();
  return (fallback: string) => (err: unknown) => {
    if (isForbidden(err)) {
      void navigate({ to: '/unauthorized' });
      return;
    }
    toast.error(failureText(err, fallback));
  };
}

type Entity = 'orgs' | 'coalitions';
const entityWords = {
  orgs: {
    create: 'Failed to create organization',
    remove: 'Failed to delete organization',
    restore: 'Failed to restore organization',
  },
  coalitions: {
    create: 'Failed to create coalition',
    remove: 'Failed to delete coalition',
    restore: 'Failed to restore coalition',
  },
};

/** Create, delete and restore an organization or a coalition; every list refreshes on success. */
export function useEntityMutations(entity: Entity) {
  const queryClient = useQueryClient();
  const fail = useFail();
  const refresh = () => queryClient.invalidateQueries({ queryKey: governanceKey });
  const words = entityWords[entity];
  const done = (res: { message: string }) => {
    toast.success(res.message);
    return refresh();
  };
  const create = useMutation({
    mutationFn: (input: CreateEntityInput) =>
      api<{ message: string; item: SuperOrg }>('POST', `/super/${entity}`, input),
    // Not waiting for the lists to refetch: the form empties as soon as the server answers, so what is typed
    // into it after the new row appears is never wiped (nor ignored as a second submit while busy).
    onSuccess: (res) => {
      void done(res);
    },
    // The form shows a taken slug beside the field; other failures are toasts.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) return;
      fail(words.create)(err);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ message: string }>('DELETE', `/super/${entity}/${enc(id)}`),
    onSuccess: done,
    onError: fail(words.remove),
  });
  const restore = useMutation({
    mutationFn: (id: string) => api<{ message: string }>('POST', `/super/${entity}/${enc(id)}/restore`),
    onSuccess: done,
    onError: fail(words.restore),
  });
  return { create, remove, restore };
}

export function useMemberMutations(coalitionId: string) {
  const queryClient = useQueryClient();
  const fail = useFail();
  const refresh = () => queryClient.invalidateQueries({ queryKey: governanceKey });
  const add = useMutation({
    mutationFn: (orgId: string) =>
      api<{ message: string }>('POST', `/super/coalitions/${enc(coalitionId)}/members`, {
        organization_id: orgId,
      }),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to add organization'),
  });
  const remove = useMutation({
    mutationFn: (orgId: string) =>
      api<{ message: string }>('DELETE', `/super/coalitions/${enc(coalitionId)}/members/${enc(orgId)}`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to remove organization'),
  });
  return { add, remove };
}

/** `confirmed`: the super admin has answered the promotion question (required for Superadmin). */
export const setUserRole = (id: string, role: AssignableRole, confirmed = false) =>
  api<SuperUser>(
    'PUT',
    `/super/users/${enc(id)}/role`,
    role === 'superadmin' ? { role, confirm: confirmed } : { role },
  );

export function useUserMutations() {
  const queryClient = useQueryClient();
  const fail = useFail();
  const refresh = () => queryClient.invalidateQueries({ queryKey: governanceKey });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ message: string }>('DELETE', `/super/users/${enc(id)}`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to delete user'),
  });
  const restore = useMutation({
    mutationFn: (id: string) => api<{ message: string }>('POST', `/super/users/${enc(id)}/restore`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to restore user'),
  });
  return { remove, restore, refresh };
}

export type AssignInput = {
  kind: AssignableKind;
  scope_type: 'org' | 'program' | 'coalition';
  scope_id: string;
  user_id: string;
  status: 'active' | 'revoked';
};

export function useAssignmentMutations() {
  const queryClient = useQueryClient();
  const fail = useFail();
  const refresh = () => queryClient.invalidateQueries({ queryKey: governanceKey });
  const add = useMutation({
    mutationFn: (input: AssignInput) =>
      api<{ message: string; assignment: AssignmentRow }>('POST', '/super/assignments', input),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to add user'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ message: string }>('DELETE', `/super/assignments/${enc(id)}`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to remove user'),
  });
  return { add, remove };
}
