import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import {
  API_TOKEN_DEFAULT_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  type ApiTokenScope,
  apiTokenExpiryDays,
  apiTokenScopeLabels,
  apiTokenScopeValues,
} from '../../../shared/domain/api-tokens';
import type { CreatedApiToken } from '../../../shared/schemas/api-tokens';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { createApiToken } from './api';

const focusFirstError = (form: HTMLFormElement | null) =>
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/** Name, what the token may do and how long it lasts; the created token (with its secret) goes up. */
export function CreateTokenForm({
  slug,
  onCreated,
}: {
  slug: string;
  onCreated: (t: CreatedApiToken) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState(String(API_TOKEN_DEFAULT_EXPIRY_DAYS));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: () => createApiToken(slug, { name, scope, expires_in_days: Number(days) }),
    onSuccess: (created) => {
      setErrors({});
      setName('');
      onCreated(created);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        focusFirstError(form.current);
      } else toast.error(err instanceof ApiError ? err.message : 'The token could not be created.');
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Please give the token a name.' });
      focusFirstError(form.current);
      return;
    }
    create.mutate();
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {Object.keys(errors).length > 0 && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2"
        >
          Please correct the fields marked below.
        </p>
      )}
      <Input
        label="Name"
        required
        className="sm:col-span-2"
        maxLength={API_TOKEN_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        hint="What will use it, e.g. “Website sync” or “Board report”."
        autoComplete="off"
      />
      <Select
        label="Access"
        value={scope}
        onChange={(e) => setScope(e.target.value as ApiTokenScope)}
        error={errors.scope}
        options={apiTokenScopeValues.map((v) => ({ value: v, label: apiTokenScopeLabels[v] }))}
      />
      <Select
        label="Expires after"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        error={errors.expires_in_days}
        options={apiTokenExpiryDays.map((d) => ({ value: String(d), label: `${d} days` }))}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={create.isPending}>
          Create token
        </Button>
      </div>
    </form>
  );
}
