import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOK_URL_LENGTH,
  type WebhookEventType,
  webhookEventLabels,
  webhookEventTypes,
  webhookMessages,
} from '../../../shared/domain/webhooks';
import type { WebhookEndpoint } from '../../../shared/schemas/webhooks';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import type { EndpointDraft } from './api';

/** Add or edit an endpoint: its URL, a description and the events it receives. */
export function EndpointDialog({
  open,
  endpoint,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  /** Editing this one; null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (draft: EndpointDraft) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<EndpointDraft>({ url: '', description: '', events: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setDraft(
      endpoint
        ? {
            url: endpoint.url,
            description: endpoint.description ?? '',
            events: endpoint.events as WebhookEventType[],
          }
        : { url: '', description: '', events: [...webhookEventTypes] },
    );
  }, [open, endpoint]);

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]')?.focus(),
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(draft.url.trim())) local.url = webhookMessages.urlInvalid;
    if (draft.events.length === 0) local.events = webhookMessages.eventsRequired;
    setErrors(local);
    if (Object.keys(local).length) return focusFirstError();
    setBusy(true);
    try {
      await onSubmit({ ...draft, url: draft.url.trim(), description: draft.description.trim() });
    } catch (err) {
      if (err instanceof ApiError && (err.fields || err.status === 422 || err.status === 400)) {
        setErrors(err.fields ?? { url: err.message });
        focusFirstError();
      }
    } finally {
      setBusy(false);
    }
  }

  const toggle = (event: WebhookEventType, on: boolean) =>
    setDraft((d) => ({
      ...d,
      events: on ? [...d.events, event] : d.events.filter((x) => x !== event),
    }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      description="ApplyHub sends a signed POST request to this URL when a chosen event happens."
      size="lg"
    >
      <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5">
        {Object.keys(errors).length > 0 && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            Please correct the fields marked below.
          </p>
        )}
        <Input
          label="Endpoint URL"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.org/hooks/applyhub"
          maxLength={MAX_WEBHOOK_URL_LENGTH}
          value={draft.url}
          onChange={(e) => setDraft({ ...draft, url: e.target.value })}
          error={errors.url}
        />
        <Input
          label="Description"
          hint="Optional: what this endpoint is for."
          maxLength={MAX_WEBHOOK_DESCRIPTION}
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          error={errors.description}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">
            Events <span className="text-red-600">*</span>
          </legend>
          {webhookEventTypes.map((event) => (
            <Checkbox
              key={event}
              label={webhookEventLabels[event]}
              hint={<code className="text-xs">{event}</code>}
              checked={draft.events.includes(event)}
              onCheckedChange={(on) => toggle(event, on)}
            />
          ))}
          {errors.events && (
            <p className="text-sm text-red-700" data-field-error tabIndex={-1}>
              {errors.events}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {endpoint ? 'Save endpoint' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
