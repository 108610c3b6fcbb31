import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { featuredMessages } from '../../../shared/domain/featured';
import type {
  AddItemInput,
  AdminItem,
  AdminSection,
  SearchResult,
  SectionResult,
  UpdateItemInput,
} from '../../../shared/schemas/featured';
import type { FeaturedTargetType } from '../../../shared/schemas/public';
import { ApiError, api } from '../../lib/api';
import { toast } from '../../lib/toast';

type List<T> = { items: T[]; total: number };
const enc = encodeURIComponent;

export const featuredAdminKey = ['featured-admin'] as const;

export const sectionsQuery = queryOptions({
  queryKey: [...featuredAdminKey, 'sections'],
  queryFn: () => api<List<AdminSection>>('GET', '/super/featured/sections'),
});

export const itemsQuery = (sectionId: string) =>
  queryOptions({
    queryKey: [...featuredAdminKey, 'items', sectionId],
    queryFn: () => api<List<AdminItem>>('GET', `/super/featured/sections/${enc(sectionId)}/items`),
  });

export const searchTargetsQuery = (q: string, type: FeaturedTargetType | 'all') =>
  queryOptions({
    queryKey: [...featuredAdminKey, 'search', type, q],
    queryFn: () => {
      const params = new URLSearchParams({ q });
      if (type !== 'all') params.set('type', type);
      return api<List<SearchResult>>('GET', `/super/featured/search?${params}`);
    },
    staleTime: 30_000,
  });

/** The server's message when it gives one the person can act on (4xx), else the spec's fallback. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 403
    ? err.message
    : fallback;

/** Every mutation of the featured manager; each refreshes what it changed and the discovery page. */
export function useFeaturedMutations() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: featuredAdminKey }),
      queryClient.invalidateQueries({ queryKey: ['discovery', 'featured'] }),
    ]);
  const fail = (fallback: string) => (err: unknown) => {
    if (err instanceof ApiError && err.status === 403) {
      void navigate({ to: '/unauthorized' });
      return;
    }
    toast.error(messageOf(err, fallback));
  };

  const createSection = useMutation({
    mutationFn: (input: { header: string; section_type: 'carousel' | 'gallery' }) =>
      api<SectionResult>('POST', '/super/featured/sections', input),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) return; // shown beside the field
      fail(featuredMessages.createFailed)(err);
    },
  });

  const reorderSections = useMutation({
    mutationFn: (ids: string[]) => api<List<AdminSection>>('PUT', '/super/featured/sections/order', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: sectionsQuery.queryKey });
      const previous = queryClient.getQueryData(sectionsQuery.queryKey);
      if (previous) {
        const byId = new Map(previous.items.map((s) => [s.id, s]));
        queryClient.setQueryData(sectionsQuery.queryKey, {
          ...previous,
          items: ids.map((id) => byId.get(id)!).filter(Boolean),
        });
      }
      return { previous };
    },
    onError: (err, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(sectionsQuery.queryKey, context.previous);
      fail(featuredMessages.reorderSectionsFailed)(err);
    },
    onSettled: refresh,
  });

  const hideSection = useMutation({
    mutationFn: (id: string) => api<SectionResult>('POST', `/super/featured/sections/${enc(id)}/hide`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail(featuredMessages.hideFailed),
  });

  const restoreSection = useMutation({
    mutationFn: (id: string) => api<SectionResult>('POST', `/super/featured/sections/${enc(id)}/restore`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail(featuredMessages.restoreFailed),
  });

  const addItem = useMutation({
    mutationFn: ({ sectionId, input }: { sectionId: string; input: AddItemInput }) =>
      api<AdminItem>('POST', `/super/featured/sections/${enc(sectionId)}/items`, input),
    onSuccess: (item) => {
      toast.success(`Added ${item.target_name ?? 'the item'} to the section.`);
      return refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) return; // shown beside the field
      fail(featuredMessages.addFailed)(err);
    },
  });

  const updateItem = useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateItemInput }) =>
      api<AdminItem>('PATCH', `/super/featured/items/${enc(id)}`, input),
    onSuccess: () => {
      toast.success('Item saved.');
      return refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) return;
      fail('Failed to save the item')(err);
    },
  });

  const removeItem = useMutation({
    mutationFn: (id: string) => api<{ message: string }>('DELETE', `/super/featured/items/${enc(id)}`),
    onSuccess: (res) => {
      toast.success(res.message);
      return refresh();
    },
    onError: fail(featuredMessages.removeFailed),
  });

  const reorderItems = useMutation({
    mutationFn: ({ sectionId, ids }: { sectionId: string; ids: string[] }) =>
      api<List<AdminItem>>('PUT', `/super/featured/sections/${enc(sectionId)}/items/order`, { ids }),
    onMutate: async ({ sectionId, ids }) => {
      const key = itemsQuery(sectionId).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        const byId = new Map(previous.items.map((i) => [i.id, i]));
        queryClient.setQueryData(key, { ...previous, items: ids.map((id) => byId.get(id)!).filter(Boolean) });
      }
      return { previous, key };
    },
    onError: (err, _v, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
      fail(featuredMessages.reorderFailed)(err);
    },
    onSettled: refresh,
  });

  return {
    createSection,
    reorderSections,
    hideSection,
    restoreSection,
    addItem,
    updateItem,
    removeItem,
    reorderItems,
  };
}
