import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import type { WebhookDelivery } from '../../../shared/schemas/webhooks';
import { Badge, statusLabel } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { Cell, LoadingText, reviewRowClass, ScrollTable, titleCell } from '../reviews/parts';
import { DELIVERY_PAGE, resendDelivery, webhookDeliveriesQuery } from './api';

const durationText = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

/** What happened to one delivery, in words (the error, or what is next). */
function outcomeText(d: WebhookDelivery): string {
  if (d.status === 'succeeded') return 'Delivered';
  if (d.status === 'pending')
    return d.next_retry_at ? `Retrying at ${formatDateTime(d.next_retry_at)}` : 'Sending…';
  return d.error ?? 'Failed';
}

/** An endpoint's delivery log: newest first, a page at a time, with "Resend". */
export function DeliveryLog({
  slug,
  endpointId,
  enabled,
}: {
  slug: string;
  endpointId: string;
  enabled: boolean;
}) {
  const [page, setPage] = useState(0);
  const queryClient = useQueryClient();
  const log = useQuery(webhookDeliveriesQuery(slug, endpointId, page));
  const resend = useMutation({
    mutationFn: (deliveryId: string) => resendDelivery(slug, endpointId, deliveryId),
    onSuccess: (res) => {
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: ['webhooks', slug, endpointId, 'deliveries'] });
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Resend failed.'),
  });

  if (log.isPending) return <LoadingText />;
  if (log.isError)
    return (
      <ErrorState
        message="Failed to load the delivery log."
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  const { items, total } = log.data;
  if (total === 0)
    return (
      <EmptyState
        icon={<Inbox />}
        title="No deliveries yet."
        description="Deliveries appear here when a chosen event happens, or when you send a test event."
      />
    );
  const pages = Math.ceil(total / DELIVERY_PAGE);
  return (
    <div className="flex flex-col gap-3">
      <ScrollTable
        label="Delivery log"
        columns={['Event', 'Status', 'Code', 'Duration', 'Attempts', 'Time', 'Result', '']}
      >
        {items.map((d) => (
          <tr key={d.id} className={reviewRowClass}>
            <th scope="row" className={titleCell}>
              <code className="text-xs break-all">{d.event_type}</code>
            </th>
            <Cell label="Status">
              <Badge status={d.status}>{statusLabel(d.status)}</Badge>
            </Cell>
            <Cell label="Code">{d.response_status ?? '—'}</Cell>
            <Cell label="Duration" className="whitespace-nowrap">
              {durationText(d.duration_ms)}
            </Cell>
            <Cell label="Attempts">{d.attempts}</Cell>
            <Cell label="Time" className="whitespace-nowrap">
              {formatDateTime(d.last_attempt_at ?? d.created_at)}
            </Cell>
            <Cell label="Result" className="max-w-xs break-words">
              <span className="block">{outcomeText(d)}</span>
              {d.response_excerpt && (
                <details className="mt-1 text-xs text-slate-600">
                  <summary className="cursor-pointer">Response</summary>
                  <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2">
                    {d.response_excerpt}
                  </pre>
                </details>
              )}
            </Cell>
            <Cell label="Actions">
              <Button
                size="sm"
                variant="secondary"
                disabled={!enabled || (resend.isPending && resend.variables !== d.id)}
                loading={resend.isPending && resend.variables === d.id}
                onClick={() => resend.mutate(d.id)}
                aria-label={`Resend ${d.event_type} delivery from ${formatDateTime(d.created_at)}`}
              >
                Resend
              </Button>
            </Cell>
          </tr>
        ))}
      </ScrollTable>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <p role="status">
          {total.toLocaleString('en-US')} {total === 1 ? 'delivery' : 'deliveries'} · page {page + 1} of{' '}
          {pages}
        </p>
        <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Newer
        </Button>
        <Button size="sm" variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
          Older
        </Button>
      </div>
    </div>
  );
}
