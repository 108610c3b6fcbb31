import { Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { slugify } from '../../../shared/domain/slug';
import { roleBadges } from '../../../shared/policy';
import type { CreateEntityInput, SuperUser } from '../../../shared/schemas/governance';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Input, Textarea } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';

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
