import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, KeyRound, Pencil, Power, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type WebhookEventType, webhookEventLabels } from '../../../shared/domain/webhooks';
import type { WebhookEndpoint } from '../../../shared/schemas/webhooks';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { deleteEndpoint, rotateSecret, sendTestEvent, updateEndpoint } from './api';
import { DeliveryLog } from './DeliveryLog';

/** One endpoint: its address, events and state, its actions, and its delivery log. */
export function EndpointCard({
  slug,
  endpoint,
  onEdit,
  onSecret,
}: {
  slug: string;
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks', slug] });
  const failed = (what: string) => (err: unknown) =>
    toast.error(err instanceof ApiError ? err.message : `${what} failed.`);

  const test = useMutation({
    mutationFn: () => sendTestEvent(slug, endpoint.id),
    onSuccess: (res) => {
      toast.success(res.message);
      setShowLog(true);
      void refresh();
    },
    onError: failed('Sending the test event'),
  });
  const power = useMutation({
    mutationFn: (enabled: boolean) => updateEndpoint(slug, endpoint.id, { enabled }),
    onSuccess: (res) => {
      toast.success(res.endpoint.enabled ? res.message : 'Endpoint turned off.');
      void refresh();
    },
    onError: failed('Saving'),
  });

  const id = `endpoint-${endpoint.id}`;
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-mono text-sm font-semibold break-all text-slate-900">
            {endpoint.url}
          </h2>
          {endpoint.description && <p className="mt-1 text-sm text-slate-600">{endpoint.description}</p>}
        </div>
        <Badge status={endpoint.enabled ? 'enabled' : 'disabled'}>
          {endpoint.enabled ? 'Active' : 'Turned off'}
        </Badge>
      </div>

      {!endpoint.enabled && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-medium">
            Turned off{endpoint.disabled_at ? ` on ${formatDateTime(endpoint.disabled_at)}` : ''}: no events
            are sent to it.
          </p>
          {endpoint.disabled_reason && <p className="mt-1 break-words">{endpoint.disabled_reason}</p>}
        </div>
      )}

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">Events</dt>
        <dd>
          <ul className="flex flex-wrap gap-2">
            {endpoint.events.map((e) => (
              <li key={e}>
                <Badge tone="info">{webhookEventLabels[e as WebhookEventType] ?? e}</Badge>
              </li>
            ))}
          </ul>
        </dd>
        <dt className="text-slate-500">Last success</dt>
        <dd>{endpoint.last_success_at ? formatDateTime(endpoint.last_success_at) : 'Never'}</dd>
        {endpoint.failure_count > 0 && (
          <>
            <dt className="text-slate-500">Failures in a row</dt>
            <dd>{endpoint.failure_count}</dd>
          </>
        )}
        {endpoint.previous_secret_expires_at && (
          <>
            <dt className="text-slate-500">Previous secret</dt>
            <dd>Also signs until {formatDateTime(endpoint.previous_secret_expires_at)}</dd>
          </>
        )}
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {endpoint.enabled ? (
          <Button size="sm" variant="secondary" onClick={() => test.mutate()} loading={test.isPending}>
            <Send className="size-4" aria-hidden="true" />
            Send test event
          </Button>
        ) : (
          <Button size="sm" onClick={() => power.mutate(true)} loading={power.isPending}>
            <Power className="size-4" aria-hidden="true" />
            Turn back on
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirm('rotate')}>
          <KeyRound className="size-4" aria-hidden="true" />
          Rotate secret
        </Button>
        {endpoint.enabled && (
          <Button size="sm" variant="ghost" onClick={() => power.mutate(false)} loading={power.isPending}>
            <Power className="size-4" aria-hidden="true" />
            Turn off
          </Button>
        )}
        <Button size="sm" variant="danger" onClick={() => setConfirm('delete')}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      </div>

      <div className="mt-4 border-t border-slate-200 pt-4">
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showLog}
          aria-controls={`${id}-log`}
          onClick={() => setShowLog((s) => !s)}
        >
          <ChevronDown
            className={`size-4 transition-transform motion-reduce:transition-none ${showLog ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
          {showLog ? 'Hide delivery log' : 'Show delivery log'}
        </Button>
        <div id={`${id}-log`} className="mt-3">
          {showLog && <DeliveryLog slug={slug} endpointId={endpoint.id} enabled={endpoint.enabled} />}
        </div>
      </div>

      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete this endpoint?"
        description={`${endpoint.url} will receive no more events, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete endpoint"
        onConfirm={() =>
          deleteEndpoint(slug, endpoint.id).then(
            (res) => {
              toast.success(res.message);
              void refresh();
            },
            (err) => {
              failed('Deleting')(err);
              throw err;
            },
          )
        }
      />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Rotate the signing secret?"
        description="A new secret is created and shown once. The current one keeps signing for 24 hours, so you can update your system in time."
        confirmLabel="Rotate secret"
        destructive={false}
        onConfirm={() =>
          rotateSecret(slug, endpoint.id).then(
            (res) => {
              toast.success(res.message);
              onSecret(res.secret);
              void refresh();
            },
            (err) => {
              failed('Rotating the secret')(err);
              throw err;
            },
          )
        }
      />
    </article>
  );
}
