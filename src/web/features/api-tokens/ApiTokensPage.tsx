import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { apiTokenScopeLabels, apiTokenStatus } from '../../../shared/domain/api-tokens';
import type { ApiToken, CreatedApiToken } from '../../../shared/schemas/api-tokens';
import type { PublicOrg } from '../../../shared/schemas/public';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { apiTokensQuery, revokeApiToken } from './api';
import { CreateTokenForm } from './CreateTokenForm';
import { SecretDialog } from './SecretDialog';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** /org/{slug}/admin/api-tokens: the organization's personal API tokens (decision 040). */
export function ApiTokensPage({ org }: { org: PublicOrg }) {
  usePageTitle(`API tokens · ${org.name}`);
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-tokens', org.slug] });

  return (
    <OrgAdminPage
      org={org}
      title="API tokens"
      description="Let your own systems read and manage this organization’s programs through the ApplyHub API."
    >
      <div className="mt-6 flex max-w-3xl flex-col gap-6">
        <section aria-labelledby="create-token" className={card}>
          <h2 id="create-token" className="mb-4 text-lg font-semibold text-slate-900">
            Create a token
          </h2>
          <CreateTokenForm
            slug={org.slug}
            onCreated={(t) => {
              setCreated(t);
              void refresh();
            }}
          />
        </section>
        <section aria-labelledby="token-list" className={card}>
          <h2 id="token-list" className="mb-4 text-lg font-semibold text-slate-900">
            Tokens
          </h2>
          <TokenList slug={org.slug} onRevoked={refresh} />
        </section>
        <section aria-labelledby="token-use" className={card}>
          <h2 id="token-use" className="mb-2 text-lg font-semibold text-slate-900">
            Using a token
          </h2>
          <p className="text-sm text-slate-700">
            Send the token in the <code className="font-mono">Authorization</code> header. A token acts as an
            admin of {org.name} only; read-only tokens can only read. The operations that accept tokens are
            listed in the{' '}
            <a className="text-blue-700 underline" href="/api/openapi.json">
              API description
            </a>
            .
          </p>
          <pre className="mt-3 rounded-lg bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100">
            <code>{`curl -H "Authorization: Bearer ahp_…" \\\n  ${window.location.origin}/api/orgs/${org.slug}/programs`}</code>
          </pre>
        </section>
      </div>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </OrgAdminPage>
  );
}

function TokenList({ slug, onRevoked }: { slug: string; onRevoked: () => unknown }) {
  const list = useQuery(apiTokensQuery(slug));
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiToken(slug, id),
    onSuccess: (res) => {
      toast.success(res.message);
      void onRevoked();
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'The token could not be revoked.'),
  });

  if (list.isPending) return <SkeletonText lines={4} label="Loading the tokens…" />;
  if (list.isError)
    return (
      <ErrorState
        message="Failed to load the API tokens"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  if (list.data.items.length === 0)
    return (
      <EmptyState
        icon={<KeyRound />}
        title="No API tokens yet."
        description="Create one above to connect another system."
      />
    );
  const now = new Date();
  return (
    <>
      <ul className="divide-y divide-slate-200">
        {list.data.items.map((t) => {
          const status = apiTokenStatus(t, now);
          return (
            <li key={t.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words text-slate-900">{t.name}</span>
                  <Badge status={status} />
                  <Badge tone="info">{apiTokenScopeLabels[t.scope]}</Badge>
                </p>
                <p className="mt-1 font-mono text-xs text-slate-600">{t.hint}</p>
                <p className="mt-1 text-sm text-slate-600">
                  Created {formatDate(t.created_at)}
                  {t.created_by_email ? ` by ${t.created_by_email}` : ''} ·{' '}
                  {status === 'revoked' && t.revoked_at
                    ? `Revoked ${formatDate(t.revoked_at)}`
                    : `${status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(t.expires_at)}`}{' '}
                  · {t.last_used_at ? `Last used ${formatDate(t.last_used_at)}` : 'Never used'}
                </p>
              </div>
              {status === 'active' && (
                <Button
                  variant="danger-ghost"
                  size="sm"
                  className="self-start"
                  onClick={() => setRevoking(t)}
                  aria-label={`Revoke ${t.name}`}
                >
                  Revoke
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Anything using this token stops working at once. This cannot be undone."
        confirmLabel="Revoke token"
        onConfirm={() => revoke.mutateAsync(revoking!.id)}
      />
    </>
  );
}
