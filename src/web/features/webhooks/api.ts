import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { WebhookEventType } from '../../../shared/domain/webhooks';
import type {
  WebhookDeliveryPage,
  WebhookDeliveryResult,
  WebhookEndpointList,
  WebhookEndpointResult,
  WebhookSecretResult,
} from '../../../shared/schemas/webhooks';
import { api } from '../../lib/api';

const enc = encodeURIComponent;
const base = (slug: string) => `/orgs/${enc(slug)}/webhooks`;

export const webhookEndpointsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['webhooks', slug],
    queryFn: () => api<WebhookEndpointList>('GET', base(slug)),
  });

export const DELIVERY_PAGE = 10;

export const webhookDeliveriesQuery = (slug: string, endpointId: string, page: number) =>
  queryOptions({
    queryKey: ['webhooks', slug, endpointId, 'deliveries', page],
    queryFn: () =>
      api<WebhookDeliveryPage>(
        'GET',
        `${base(slug)}/${enc(endpointId)}/deliveries?limit=${DELIVERY_PAGE}&offset=${page * DELIVERY_PAGE}`,
      ),
    placeholderData: keepPreviousData,
    // A pending delivery is retried by the server: the log refreshes while one is on its way.
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending') ? 3_000 : false),
  });

export interface EndpointDraft {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export const createEndpoint = (slug: string, d: EndpointDraft) =>
  api<WebhookSecretResult>('POST', base(slug), d);

export const updateEndpoint = (
  slug: string,
  id: string,
  patch: Partial<EndpointDraft> & { enabled?: boolean },
) => api<WebhookEndpointResult>('PATCH', `${base(slug)}/${enc(id)}`, patch);

export const deleteEndpoint = (slug: string, id: string) =>
  api<{ message: string }>('DELETE', `${base(slug)}/${enc(id)}`);

export const rotateSecret = (slug: string, id: string) =>
  api<WebhookSecretResult>('POST', `${base(slug)}/${enc(id)}/rotate-secret`);

export const sendTestEvent = (slug: string, id: string) =>
  api<WebhookDeliveryResult>('POST', `${base(slug)}/${enc(id)}/test`);

export const resendDelivery = (slug: string, id: string, deliveryId: string) =>
  api<WebhookDeliveryResult>('POST', `${base(slug)}/${enc(id)}/deliveries/${enc(deliveryId)}/resend`);
