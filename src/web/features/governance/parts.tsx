import { ChevronRight, Plus, RotateCcw } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { slugify } from '../../../shared/domain/slug';
import { roleBadges } from '../../../shared/policy';
import type { CreateEntityInput, SuperUser } from '../../../shared/schemas/governance';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { Input, Textarea } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

/**
 * Create form: Name*, Slug*, Description. The slug follows the name (slug helper) until edited by
 * hand, and is normalized when the field is left. A blank name or slug is silently ignored.
 */
export function CreateEntityForm({
  heading,
  submitLabel,
  onCreate,
}: {
  heading: string;
  submitLabel: string;
  onCreate: (input: CreateEntityInput) => Promise<unknown>;
}) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [slugError, setSlugError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const slugRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = name.trim();
    const s = slugify(slug);
    if (!n || !s || busy) return;
    setBusy(true);
    setSlugError(null);
    try {
      await onCreate({ name: n, slug: s, description: description.trim() || null });
      setName('');
      setSlug('');
      setSlugEdited(false);
      setDescription('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setSlugError(err.message);
        slugRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="create-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="create-heading" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Input
          label="Name"
          required
          value={name}
          maxLength={200}
          onChange={(e) => {
            setName(e.target.value);
            if (!slugEdited) setSlug(slugify(e.target.value));
          }}
        />
        <Input
          ref={slugRef}
          label="Slug"
          required
          value={slug}
          maxLength={200}
          hint="Lowercase letters, numbers and hyphens; at most 60 characters."
          error={slugError}
          onChange={(e) => {
            setSlug(e.target.value.toLowerCase());
            // Emptied by hand: follow the name again.
            setSlugEdited(e.target.value !== '');
            setSlugError(null);
          }}
          onBlur={() => setSlug((s) => slugify(s))}
        />
        <Textarea
          label="Description"
          className="sm:col-span-2"
          rows={3}
          value={description}
          maxLength={5000}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={busy}>
            {!busy && <Plus className="size-4" aria-hidden="true" />}
            {submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The collapsible 'Deleted Organizations (n)' / 'Deleted Coalitions (n)' list with Restore. */
export function DeletedList<T extends { id: string; name: string; slug: string; deleted_at: string | null }>({
  title,
  items,
  loading,
  error,
  onRetry,
  onRestore,
  restoringId,
  emptyText,
}: {
  title: string;
  items: T[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onRestore: (item: T) => void;
  restoringId: string | null;
  emptyText: string;
}) {
  return (
    <details className="group mt-8 rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary
        className={cn(
          'flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden',
          focusRing,
        )}
      >
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        <h2 className="text-base">
          {title}
          {loading ? '' : ` (${items.length})`}
        </h2>
      </summary>
      <div className="border-t border-slate-200 px-4 py-3">
        {loading ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : error ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p role="alert" className="font-medium text-red-700">
              {error}
            </p>
            <Button size="sm" variant="secondary" onClick={onRetry}>
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{item.name}</p>
                  <p className="text-xs text-slate-600">
                    {item.slug}
                    {item.deleted_at && ` · Deleted ${formatDateTime(item.deleted_at)}`}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onRestore(item)}
                  loading={restoringId === item.id}
                  aria-label={`Restore ${item.name}`}
                >
                  {restoringId !== item.id && <RotateCcw className="size-4" aria-hidden="true" />}
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

/** Effective-role badges: superadmin, admin, reviewer, coalition_manager; applicant if none. */
export function RoleBadges({ user }: { user: Pick<SuperUser, 'effective_roles'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {roleBadges(user.effective_roles).map((b) => (
        <Badge key={b} status={b}>
          {b}
        </Badge>
      ))}
    </span>
  );
}

export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Whether a reviewer assignment is by organization or by program (the assignments page and a user's panel). */
export function ReviewByFieldset({
  name,
  value,
  onChange,
}: {
  name: string;
  value: 'org' | 'program';
  onChange: (scope: 'org' | 'program') => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Review by</legend>
      <div className="mt-1 flex gap-4 text-sm">
        {(['org', 'program'] as const).map((s) => (
          <label key={s} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              checked={value === s}
              onChange={() => onChange(s)}
              className="size-4 accent-blue-600"
            />
            {s === 'org' ? 'Organization' : 'Program'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
