import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, EyeOff, RotateCcw } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { featuredMessages, purgeCountdownText } from '../../../shared/domain/featured';
import type { AdminSection } from '../../../shared/schemas/featured';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input, Select } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { moveItem } from '../../lib/move-item';
import { sectionsQuery, useFeaturedMutations } from './api';
import { useNow } from './use-now';

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
  focusRing,
);

export const typeLabel = { carousel: 'Carousel', gallery: 'Gallery' } as const;

function CreateSectionForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { createSection } = useFeaturedMutations();
  const [header, setHeader] = useState('');
  const [type, setType] = useState<'carousel' | 'gallery'>('carousel');
  const [error, setError] = useState<string | null>(null);
  const headerRef = useRef<HTMLInputElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!header.trim()) {
      setError(featuredMessages.headerRequired);
      headerRef.current?.focus();
      return;
    }
    setError(null);
    createSection.mutate(
      { header: header.trim(), section_type: type },
      {
        onSuccess: (res) => {
          setHeader('');
          onCreated(res.section.id);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) {
            setError(err.message);
            headerRef.current?.focus();
          }
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="create-section-heading">
      <h3 id="create-section-heading" className="text-sm font-semibold text-slate-900">
        New section
      </h3>
      <Input
        ref={headerRef}
        label="Section header"
        required
        value={header}
        maxLength={120}
        error={error ?? undefined}
        onChange={(e) => {
          setHeader(e.target.value);
          if (error) setError(null);
        }}
      />
      <Select
        label="Section type"
        value={type}
        onChange={(e) => setType(e.target.value as 'carousel' | 'gallery')}
        options={[
          { value: 'carousel', label: 'Carousel' },
          { value: 'gallery', label: 'Gallery' },
        ]}
      />
      <Button type="submit" loading={createSection.isPending} className="w-full">
        Create section
      </Button>
    </form>
  );
}

type Props = {
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** Choose, create, reorder, hide and restore sections. */
export function SectionsPanel({ selectedId, onSelect }: Props) {
  const now = useNow();
  const sections = useQuery(sectionsQuery);
  const { reorderSections, hideSection, restoreSection } = useFeaturedMutations();
  const [toHide, setToHide] = useState<AdminSection | null>(null);
  const [status, setStatus] = useState('');

  function move(list: AdminSection[], index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= list.length) return;
    reorderSections.mutate(moveItem(list, index, to).map((s) => s.id));
    setStatus(`${list[index].header} moved to position ${to + 1} of ${list.length}.`);
  }

  return (
    <Card title="Sections" description="Choose a section to manage its items.">
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <div className="mt-4">
        <QueryStates
          query={sections}
          loading={
            <div className="space-y-2" role="status" aria-label="Loading sections">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          }
          error={featuredMessages.loadFailed}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="No sections yet" description="Create the first one below." />}
        >
          {(data) => (
            <ol className="space-y-2" aria-label="Sections in display order">
              {data.items.map((s, i, list) => {
                const selected = s.id === selectedId;
                return (
                  <li
                    key={s.id}
                    className={cn(
                      'rounded-lg border p-2',
                      selected ? 'border-blue-600 bg-blue-50' : 'border-slate-200 bg-white',
                      !s.active && 'bg-slate-50',
                    )}
                  >
                    <div className="flex items-start gap-1">
                      <button
                        type="button"
                        onClick={() => onSelect(s.id)}
                        aria-current={selected ? 'true' : undefined}
                        className={cn('min-w-0 flex-1 rounded-md px-2 py-1 text-left', focusRing)}
                      >
                        <span
                          className={cn(
                            'block font-medium break-words',
                            s.active ? 'text-slate-900' : 'text-slate-600 line-through',
                          )}
                        >
                          {s.header}
                        </span>
                        <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                          <Badge tone="neutral">{typeLabel[s.section_type]}</Badge>
                          {!s.active && <Badge status="hidden">Hidden</Badge>}
                          <span>
                            {s.item_count} {s.item_count === 1 ? 'item' : 'items'}
                          </span>
                        </span>
                        {!s.active && s.deleted_at && (
                          <span className="mt-1 block text-xs font-medium text-red-700">
                            {purgeCountdownText(s.deleted_at, now)}
                          </span>
                        )}
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Move ${s.header} up`}
                        disabled={i === 0 || reorderSections.isPending}
                        onClick={() => move(list, i, -1)}
                      >
                        <ArrowUp className="size-4" aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Move ${s.header} down`}
                        disabled={i === list.length - 1 || reorderSections.isPending}
                        onClick={() => move(list, i, 1)}
                      >
                        <ArrowDown className="size-4" aria-hidden="true" />
                      </button>
                      {s.active ? (
                        <button
                          type="button"
                          className={iconButton}
                          aria-label={`Hide ${s.header}`}
                          title="Hide"
                          onClick={() => setToHide(s)}
                        >
                          <EyeOff className="size-4" aria-hidden="true" />
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={iconButton}
                          aria-label={`Restore ${s.header}`}
                          title="Restore"
                          disabled={restoreSection.isPending}
                          onClick={() => restoreSection.mutate(s.id)}
                        >
                          <RotateCcw className="size-4" aria-hidden="true" />
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </QueryStates>
      </div>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <CreateSectionForm onCreated={onSelect} />
      </div>
      <ConfirmDialog
        open={toHide !== null}
        onOpenChange={(open) => !open && setToHide(null)}
        title={`Hide ${toHide?.header ?? 'section'}?`}
        description="It leaves the discovery page now and is permanently deleted in 30 days. You can restore it until then."
        confirmLabel="Hide section"
        onConfirm={() => (toHide ? hideSection.mutateAsync(toHide.id) : undefined)}
      />
    </Card>
  );
}
