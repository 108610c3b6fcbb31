import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { MAX_WEBHOOK_ENDPOINTS } from '../../../shared/domain/webhooks';
import type { PublicOrg } from '../../../shared/schemas/public';
import type { WebhookEndpoint } from '../../../shared/schemas/webhooks';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { useForbiddenRedirect } from '../programs-admin/api';
import { LoadingText } from '../reviews/parts';
import { createEndpoint, type EndpointDraft, updateEndpoint, webhookEndpointsQuery } from './api';
import { EndpointCard } from './EndpointCard';
import { EndpointDialog } from './EndpointDialog';
import { SecretDialog } from './SecretDialog';

/** /org/{slug}/admin/webhooks: the organization's webhook endpoints and their delivery logs. */
export function WebhooksPage({ org }: { org: PublicOrg }) {
  usePageTitle(`Webhooks · ${org.name}`);
  const queryClient = useQueryClient();
  const list = useQuery(webhookEndpointsQuery(org.slug));
  useForbiddenRedirect(list.error);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks', org.slug] });

  async function save(draft: EndpointDraft) {
    try {
      if (editing === 'new') {
        const res = await createEndpoint(org.slug, draft);
        toast.success(res.message);
        setEditing(null);
        setSecret(res.secret);
      } else if (editing) {
        const res = await updateEndpoint(org.slug, editing.id, draft);
        toast.success(res.message);
        setEditing(null);
      }
      void refresh();
    } catch (err) {
      if (!(err instanceof ApiError && err.fields))
        toast.error(err instanceof ApiError ? err.message : 'Save failed.');
      throw err;
    }
  }

  const items = list.data?.items ?? [];
  const full = items.length >= MAX_WEBHOOK_ENDPOINTS;
  return (
    <OrgAdminPage
      org={org}
      title="Webhooks"
      description="Tell your own systems when applications arrive, reviews are finalized, results are published or programs go live. Each request is signed (Standard Webhooks)."
      actions={
        list.isSuccess && items.length > 0 ? (
          <Button onClick={() => setEditing('new')} disabled={full}>
            <Plus className="size-4" aria-hidden="true" />
            Add endpoint
          </Button>
        ) : undefined
      }
    >
      <div className="mt-6 flex flex-col gap-4">
        {list.isPending ? (
          <LoadingText />
        ) : list.isError ? (
          <ErrorState
            message="Failed to load the webhook endpoints."
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<Webhook />}
            title="No webhook endpoints yet."
            description="Add an endpoint to have ApplyHub send events to your systems."
            action={
              <Button onClick={() => setEditing('new')}>
                <Plus className="size-4" aria-hidden="true" />
                Add endpoint
              </Button>
            }
          />
        ) : (
          <>
            {full && (
              <p className="text-sm text-slate-600">
                You have {MAX_WEBHOOK_ENDPOINTS} endpoints, the most an organization can have.
              </p>
            )}
            {items.map((e) => (
              <EndpointCard
                key={e.id}
                slug={org.slug}
                endpoint={e}
                onEdit={() => setEditing(e)}
                onSecret={setSecret}
              />
            ))}
          </>
        )}
      </div>
      <EndpointDialog
        open={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onSubmit={save}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </OrgAdminPage>
  );
}
