import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ProgramType, ReviewStatus } from '../../../shared/domain/programs';
import type { ApplicationForm } from '../../../shared/schemas/forms';
import type { AdminProgram } from '../../../shared/schemas/programs';
import { api } from '../../lib/api';
import { isForbidden } from '../../lib/forbidden';
import { toast } from '../../lib/toast';
import { useForbiddenRedirect } from '../../lib/use-forbidden-redirect';

export type ProgramList = { items: AdminProgram[]; total: number };

const enc = encodeURIComponent;

/** Every list of programs an admin screen shows starts with this key (one invalidation refreshes all). */
export const programListsKey = ['admin-programs'] as const;

export const orgProgramsQuery = (slug: string, deleted = false) =>
  queryOptions({
    queryKey: [...programListsKey, 'org', slug, deleted],
    queryFn: () => api<ProgramList>('GET', `/orgs/${enc(slug)}/programs${deleted ? '?deleted=true' : ''}`),
  });

export const superProgramsQuery = (statuses: ReviewStatus[], deleted = false) =>
  queryOptions({
    queryKey: [...programListsKey, 'super', [...statuses].sort().join(','), deleted],
    queryFn: () => {
      const params = new URLSearchParams({ deleted: String(deleted) });
      if (!deleted) params.set('status', statuses.join(','));
      return api<ProgramList>('GET', `/super/programs?${params}`);
    },
  });

export const coalitionProgramsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...programListsKey, 'coalition', slug],
    queryFn: () => api<ProgramList>('GET', `/coalitions/${enc(slug)}/programs`),
  });

export type ProgramPreview = { program: AdminProgram; form: ApplicationForm; source: 'pending' | 'working' };

export const programPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: ['program-preview', id],
    queryFn: () => api<ProgramPreview>('GET', `/programs/${enc(id)}/preview`),
    staleTime: 0,
  });

export type CreateDraftInput = {
  name: string;
  type: ProgramType;
  description: string | null;
  open_at: string | null;
  close_at: string | null;
};

export { isForbidden, useForbiddenRedirect };

/** What Copy copies: a program (with its `stages`, stage 1 included), or a later stage on its own. */
export type CopyRequest = { id: string; stages?: number; laterStage?: boolean };

/** The words of Copy's tooltip for a row of an admin list. */
export function copyTitle({ stages = 1, laterStage = false }: Omit<CopyRequest, 'id'>) {
  if (laterStage)
    return 'Copy this stage alone into a new draft program of its own: same form and review settings, open to everyone once published';
  if (stages > 1)
    return `Copy into a new draft with its ${stages} stages: same forms and review settings, no dates, applications or invitations`;
  return 'Copy into a new draft: same form and review settings, no dates or applications';
}

/** Mutations of the programs admin screens: each refreshes every program list on success. */
export function useProgramMutations() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: programListsKey });
  /** Reports a failure: 403 → /unauthorized, otherwise the spec's text as a toast. */
  const fail = (fallback: string) => (err: unknown) => {
    if (isForbidden(err)) {
      void navigate({ to: '/unauthorized' });
      return;
    }
    toast.error(fallback);
  };

  const create = useMutation({
    mutationFn: ({ slug, input }: { slug: string; input: CreateDraftInput }) =>
      api<AdminProgram>('POST', `/orgs/${enc(slug)}/programs`, input),
    onSuccess: () => {
      toast.success('Draft program created.', {
        description: 'Drafts must be reviewed/approved before publishing.',
      });
      return refresh();
    },
  });

  const copy = useMutation({
    mutationFn: ({ id }: CopyRequest) => api<AdminProgram>('POST', `/programs/${enc(id)}/copy`),
    onSuccess: (program, { stages = 1, laterStage = false }) => {
      // Programs in stages (decision 066): stage 1 copies its chain; a later stage alone becomes a program.
      const what = laterStage
        ? `Copied as a program of its own: ${program.name}`
        : stages > 1
          ? `Copied as a new draft with its ${stages} stages: ${program.name}`
          : `Copied as a new draft: ${program.name}`;
      toast.success(what, { description: 'Drafts must be reviewed/approved before publishing.' });
      return refresh();
    },
    onError: fail('Copy failed'),
  });

  const remove = useMutation({
    mutationFn: (id: string) => api<AdminProgram>('DELETE', `/programs/${enc(id)}`),
    onSuccess: () => {
      toast.success('Program deleted');
      return refresh();
    },
    onError: fail('Delete failed'),
  });

  const restore = useMutation({
    mutationFn: (id: string) => api<AdminProgram>('POST', `/programs/${enc(id)}/restore`),
    onSuccess: () => {
      toast.success('Program restored');
      return refresh();
    },
    onError: fail('Restore failed'),
  });

  const approve = useMutation({
    mutationFn: (id: string) =>
      api<{ message: string; program: AdminProgram }>('POST', `/programs/${enc(id)}/approve`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to approve program'),
  });

  const requestChanges = useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api<{ message: string; program: AdminProgram }>('POST', `/programs/${enc(id)}/request-changes`, {
        note,
      }),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail('Failed to request changes'),
  });

  return { create, copy, remove, restore, approve, requestChanges, fail };
}
