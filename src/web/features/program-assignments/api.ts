import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentChange, ProgramAssignments } from '../../../shared/schemas/program-assignments';
import { api } from '../../lib/api';

const enc = encodeURIComponent;

export type AssignmentRole = 'reviewer' | 'admin';
const segment = (role: AssignmentRole) => (role === 'reviewer' ? 'reviewers' : 'admins');

export const assignmentsQuery = (programId: string) =>
  queryOptions({
    queryKey: ['program-assignments', programId],
    queryFn: () => api<ProgramAssignments>('GET', `/programs/${enc(programId)}/assignments`),
  });

/** Add and remove: each answer carries the updated lists, which replace the cached ones. */
export function useAssignmentMutations(programId: string) {
  const queryClient = useQueryClient();
  const store = (change: AssignmentChange) =>
    queryClient.setQueryData(assignmentsQuery(programId).queryKey, change.assignments);

  const add = useMutation({
    mutationFn: ({ role, email, name }: { role: AssignmentRole; email: string; name: string }) =>
      api<AssignmentChange>('POST', `/programs/${enc(programId)}/${segment(role)}`, {
        email,
        name: name || null,
      }),
    onSuccess: store,
  });

  const remove = useMutation({
    mutationFn: ({ role, userId }: { role: AssignmentRole; userId: string }) =>
      api<AssignmentChange>('DELETE', `/programs/${enc(programId)}/${segment(role)}/${enc(userId)}`),
    onSuccess: store,
  });

  return { add, remove };
}
