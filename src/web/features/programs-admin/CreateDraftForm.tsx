import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import type { ProgramType } from '../../../shared/domain/programs';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { isForbidden, useProgramMutations } from './api';
import { programTypeOptions } from './parts';

export const NAME_REQUIRED = 'Program name is required.';
export const CLOSE_BEFORE_OPEN = 'The close date must not be before the open date.';

type Errors = Partial<Record<'name' | 'open_at' | 'close_at' | 'description' | 'type', string>>;

/** A datetime-local value ('2025-05-01T09:30', the viewer's time) as an ISO instant, or null. */
function toIso(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Create draft: name (required), type (audition by default), description, open and close dates. */
export function CreateDraftForm({ orgSlug }: { orgSlug: string }) {
  const { create } = useProgramMutations();
  const [name, setName] = useState('');
  const [type, setType] = useState<ProgramType>('audition');
  const [description, setDescription] = useState('');
  const [openAt, setOpenAt] = useState('');
  const [closeAt, setCloseAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLInputElement>(null);

  function validate(): Errors {
    const next: Errors = {};
    if (!name.trim()) next.name = NAME_REQUIRED;
    const o = toIso(openAt);
    const c = toIso(closeAt);
    if (o && c && new Date(c).getTime() < new Date(o).getTime()) next.close_at = CLOSE_BEFORE_OPEN;
    return next;
  }

  function focusFirst(errs: Errors) {
    if (errs.name) nameRef.current?.focus();
    else if (errs.open_at) openRef.current?.focus();
    else if (errs.close_at) closeRef.current?.focus();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const errs = validate();
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      focusFirst(errs);
      return;
    }
    create.mutate(
      {
        slug: orgSlug,
        input: {
          name: name.trim(),
          type,
          description: description.trim() || null,
          open_at: toIso(openAt),
          close_at: toIso(closeAt),
        },
      },
      {
        // The admin goes straight on to build the new draft's form.
        onSuccess: (program) =>
          void navigate({ to: `/org/${orgSlug}/admin/programs/${program.id}/builder` as never }),
        onError: (err) => {
          if (isForbidden(err)) {
            void navigate({ to: '/unauthorized' });
            return;
          }
          if (err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0) {
            const errs = err.fields as Errors;
            setErrors(errs);
            focusFirst(errs);
            return;
          }
          toast.error('Failed to create program');
        },
      },
    );
  }

  const messages = Object.values(errors).filter(Boolean);

  return (
    <Card title="Create draft" description="Drafts must be reviewed/approved before publishing.">
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {messages.length > 0 && (
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:col-span-2"
          >
            <p className="font-medium">Please fix the following:</p>
            <ul className="mt-1 list-disc pl-5">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        <Input
          ref={nameRef}
          label="Program name"
          required
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (errors.name && e.target.value.trim()) setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={errors.name}
          maxLength={200}
          autoComplete="off"
        />
        <Select
          label="Type"
          value={type}
          onChange={(e) => setType(e.target.value as ProgramType)}
          options={programTypeOptions.map((o) => ({ value: o.value, label: o.label }))}
          error={errors.type}
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={3}
          maxLength={5000}
          className="sm:col-span-2"
          error={errors.description}
        />
        <Input
          ref={openRef}
          label="Open date"
          type="datetime-local"
          value={openAt}
          onChange={(e) => setOpenAt(e.target.value)}
          error={errors.open_at}
        />
        <Input
          ref={closeRef}
          label="Close date"
          type="datetime-local"
          value={closeAt}
          min={openAt || undefined}
          onChange={(e) => {
            setCloseAt(e.target.value);
            if (errors.close_at) setErrors((x) => ({ ...x, close_at: undefined }));
          }}
          error={errors.close_at}
        />
        <div className="flex items-center gap-3 sm:col-span-2">
          <Button type="submit" loading={create.isPending}>
            Create draft
          </Button>
          <p className="text-sm text-slate-500">Times are in your time zone.</p>
        </div>
      </form>
    </Card>
  );
}
