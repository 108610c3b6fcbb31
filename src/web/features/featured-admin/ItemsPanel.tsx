import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  featuredMessages,
  scheduleLabel,
  scheduleProblem,
  scheduleState,
} from '../../../shared/domain/featured';
import { featuredCardPaint } from '../../../shared/domain/featured-colors';
import type { AdminItem, AdminSection } from '../../../shared/schemas/featured';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { moveItem } from '../../lib/move-item';
import { itemsQuery, useFeaturedMutations } from './api';
import { fromLocalInput, type ItemDraft, ItemFields, toLocalInput } from './ItemFields';
import { useNow } from './use-now';

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
  focusRing,
);

export const targetLabel = { org: 'Organization', program: 'Program', coalition: 'Coalition' } as const;

const scheduleTone: Record<ReturnType<typeof scheduleState>, BadgeTone> = {
  scheduled: 'info',
  expired: 'neutral',
  active_window: 'success',
  permanent: 'success',
};

const nameOf = (item: AdminItem) => item.title?.trim() || item.target_name || 'Unavailable target';

function EditItem({ item, onDone }: { item: AdminItem; onDone: () => void }) {
  const { updateItem } = useFeaturedMutations();
  const [draft, setDraft] = useState<ItemDraft>({
    title: item.title ?? '',
    button_label: item.button_label ?? '',
    card_color: item.card_color,
    starts_at: toLocalInput(item.starts_at),
    ends_at: toLocalInput(item.ends_at),
  });
  const [scheduleError, setScheduleError] = useState<string | null>(null);

  function save() {
    const starts_at = fromLocalInput(draft.starts_at);
    const ends_at = fromLocalInput(draft.ends_at);
    const problem = scheduleProblem(starts_at, ends_at);
    setScheduleError(problem);
    if (problem) return;
    updateItem.mutate(
      {
        id: item.id,
        input: {
          title: draft.title.trim() || null,
          button_label: draft.button_label.trim() || null,
          // A stored colour outside the 22 (legacy data) is kept unless another one is chosen.
          ...(draft.card_color === item.card_color
            ? {}
            : { card_color: (draft.card_color as never) ?? null }),
          starts_at,
          ends_at,
        },
      },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) setScheduleError(err.message);
        },
      },
    );
  }

  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <ItemFields
        idPrefix={`edit-${item.id}`}
        draft={draft}
        onChange={setDraft}
        targetName={item.target_name ?? ''}
        scheduleError={scheduleError}
      />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={save} loading={updateItem.isPending}>
          Save item
        </Button>
      </div>
    </div>
  );
}

/** The selected section's items: schedule labels, colour, edit, reorder and remove. */
export function ItemsPanel({ section }: { section: AdminSection }) {
  const now = useNow();
  const items = useQuery(itemsQuery(section.id));
  const { reorderItems, removeItem } = useFeaturedMutations();
  const [editing, setEditing] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<AdminItem | null>(null);
  const [status, setStatus] = useState('');

  function move(list: AdminItem[], index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= list.length) return;
    reorderItems.mutate({ sectionId: section.id, ids: moveItem(list, index, to).map((i) => i.id) });
    setStatus(`${nameOf(list[index])} moved to position ${to + 1} of ${list.length}.`);
  }

  return (
    <Card
      title={`Items in ${section.header}`}
      description={
        section.active
          ? `${section.section_type === 'carousel' ? 'Carousel' : 'Gallery'} · shown on the discovery page in this order.`
          : 'This section is hidden: restore it to show its items again.'
      }
    >
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <div className="mt-4">
        {items.isPending ? (
          <div className="space-y-2" role="status" aria-label="Loading items">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : items.isError ? (
          <ErrorState
            message={
              items.error instanceof ApiError && items.error.status === 404
                ? featuredMessages.sectionNotFound
                : featuredMessages.loadFailed
            }
            onRetry={() => void items.refetch()}
            retrying={items.isFetching}
          />
        ) : items.data.items.length === 0 ? (
          <EmptyState
            title="Nothing featured yet."
            description="Search below and add an item to this section."
          />
        ) : (
          <ol className="space-y-3" aria-label={`Items in ${section.header}`}>
            {items.data.items.map((item, i, list) => {
              const paint = featuredCardPaint(item.card_color);
              const state = scheduleState(item.starts_at, item.ends_at, now);
              const name = nameOf(item);
              return (
                <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-3">
                  <div className="flex flex-wrap items-start gap-3">
                    <span
                      aria-hidden="true"
                      className={cn('mt-1 size-8 shrink-0 rounded-md', paint.className)}
                      style={paint.color ? { backgroundColor: paint.color } : undefined}
                    />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words text-slate-900">{name}</p>
                      <p className="text-sm text-slate-600">
                        {targetLabel[item.target_type]}
                        {item.target_name && item.title?.trim() ? ` · ${item.target_name}` : ''}
                        {item.target_detail && item.target_type === 'program'
                          ? ` · ${item.target_detail}`
                          : ''}
                      </p>
                      <div className="mt-1 flex flex-wrap gap-1.5">
                        <Badge tone={scheduleTone[state]}>
                          {scheduleLabel(item.starts_at, item.ends_at, now, formatDate)}
                        </Badge>
                        {item.button_label && <Badge tone="neutral">Button: {item.button_label}</Badge>}
                        {!item.target_live && <Badge tone="danger">Not public: not shown</Badge>}
                      </div>
                    </div>
                    <div className="flex items-center gap-1 max-sm:w-full max-sm:justify-end">
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Move ${name} up`}
                        disabled={i === 0 || reorderItems.isPending}
                        onClick={() => move(list, i, -1)}
                      >
                        <ArrowUp className="size-4" aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Move ${name} down`}
                        disabled={i === list.length - 1 || reorderItems.isPending}
                        onClick={() => move(list, i, 1)}
                      >
                        <ArrowDown className="size-4" aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Edit ${name}`}
                        aria-expanded={editing === item.id}
                        onClick={() => setEditing(editing === item.id ? null : item.id)}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        className={cn(iconButton, 'text-red-700 hover:text-red-800')}
                        aria-label={`Remove ${name}`}
                        onClick={() => setToRemove(item)}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </button>
                    </div>
                  </div>
                  {editing === item.id && <EditItem item={item} onDone={() => setEditing(null)} />}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={`Remove ${toRemove ? nameOf(toRemove) : 'item'}?`}
        description="It leaves this section and the discovery page. You can add it again later."
        confirmLabel="Remove"
        onConfirm={() => (toRemove ? removeItem.mutateAsync(toRemove.id) : undefined)}
      />
    </Card>
  );
}
