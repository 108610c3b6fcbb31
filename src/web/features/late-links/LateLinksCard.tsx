import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import {
  lateLinkStatusLabels,
  MAX_LATE_LINK_USES,
  lateLinkMessages as m,
} from '../../../shared/domain/late-links';
import type { LateLink, LateLinkCreated } from '../../../shared/schemas/late-links';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input, Select } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';

const linksQuery = (programId: string) => ({
  queryKey: ['late-links', programId],
  queryFn: () => api<{ items: LateLink[] }>('GET', `/programs/${encodeURIComponent(programId)}/late-links`),
});

const tones: Record<LateLink['status'], BadgeTone> = {
  active: 'success',
  used_up: 'neutral',
  expired: 'neutral',
  revoked: 'danger',
};

const whom = (link: LateLink) => link.email ?? link.label ?? 'Link';

/**
 * Late-submission links of a program (issue 31 item 4, decision 064), beside the grace period: create
 * one for a person or a group (its address shown once, with a copy button), see uses and status,
 * revoke with a confirmation.
 */
export function LateLinksCard({ programId }: { programId: string }) {
  const query = useQuery(linksQuery(programId));
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<LateLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['late-links', programId] });
  async function revoke() {
    if (!revoking) return;
    try {
      await api(
        'POST',
        `/programs/${encodeURIComponent(programId)}/late-links/${encodeURIComponent(revoking.id)}/revoke`,
      );
      toast.success(m.revoked);
      await refresh();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : 'Revoke failed');
      throw err;
    }
  }
  return (
    <Card title={m.title} description={m.intro}>
      <div className="mt-3 flex flex-col gap-3">
        <Button variant="secondary" className="self-start" onClick={() => setCreating(true)}>
          Create late-submission link
        </Button>
        {query.isPending ? (
          <SkeletonText lines={2} label="Loading late-submission links…" />
        ) : query.isError ? (
          <ErrorState
            message="Unable to load the late-submission links"
            onRetry={() => void query.refetch()}
          />
        ) : query.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">No late-submission links yet.</p>
        ) : (
          <ul aria-label={m.title} className="flex flex-col divide-y divide-slate-200">
            {query.data.items.map((link) => (
              <li key={link.id} className="flex flex-col gap-1 py-2">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="break-all font-medium text-slate-900">{whom(link)}</span>
                  <Badge tone={tones[link.status]}>{lateLinkStatusLabels[link.status]}</Badge>
                </span>
                <span className="text-sm text-slate-700">
                  Used {link.uses} of {link.max_uses} · Expires {formatDateTime(link.expires_at)}
                </span>
                {link.status !== 'revoked' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="self-start"
                    aria-label={`Revoke the link for ${whom(link)}`}
                    onClick={() => setRevoking(link)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <CreateLinkDialog
        programId={programId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={refresh}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke the link for ${revoking ? whom(revoking) : ''}?`}
        description={m.revokeConfirm}
        confirmLabel="Revoke link"
        onConfirm={revoke}
      />
    </Card>
  );
}

function CreateLinkDialog({
  programId,
  open,
  onClose,
  onCreated,
}: {
  programId: string;
  open: boolean;
  onClose: () => void;
  onCreated: () => unknown;
}) {
  const [kind, setKind] = useState<'person' | 'group'>('person');
  const [email, setEmail] = useState('');
  const [label, setLabel] = useState('');
  const [uses, setUses] = useState('1');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<LateLinkCreated | null>(null);
  const [copied, setCopied] = useState(false);
  function close() {
    setCreated(null);
    setCopied(false);
    setEmail('');
    setLabel('');
    setUses('1');
    setWhen('');
    setErrors({});
    onClose();
  }
  async function save() {
    const next: Record<string, string> = {};
    if (kind === 'person' && !email.trim()) next.email = m.whoRequired;
    if (kind === 'group' && !label.trim()) next.label = m.whoRequired;
    const n = Number(uses);
    if (kind === 'group' && (!Number.isInteger(n) || n < 1 || n > MAX_LATE_LINK_USES))
      next.max_uses = m.usesRange;
    if (!when || new Date(when).getTime() <= Date.now()) next.expires_at = m.mustBeFuture;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const res = await api<LateLinkCreated>(
        'POST',
        `/programs/${encodeURIComponent(programId)}/late-links`,
        {
          ...(kind === 'person' ? { email: email.trim() } : { label: label.trim() }),
          max_uses: kind === 'person' ? 1 : n,
          expires_at: new Date(when).toISOString(),
        },
      );
      setCreated(res);
      toast.success(m.created);
      await onCreated();
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      setErrors(
        fields && Object.keys(fields).length
          ? fields
          : { expires_at: err instanceof Error && err.message ? err.message : 'Save failed' },
      );
    } finally {
      setBusy(false);
    }
  }
  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
      toast.success('Link copied.');
    } catch {
      toast.error('Copy failed: select the link and copy it.');
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && close()}
      title={created ? 'Copy the late-submission link' : 'New late-submission link'}
      description={created ? m.created : m.intro}
      size="sm"
      footer={
        created ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={save} loading={busy}>
              Create link
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="flex flex-col gap-3">
          <label htmlFor="new-late-link" className="text-sm font-medium text-slate-800">
            Link for {whom(created.link)}
          </label>
          <input
            id="new-late-link"
            readOnly
            value={created.url}
            onFocus={(e) => e.currentTarget.select()}
            className="block w-full rounded-lg border bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
          />
          <div>
            <Button variant="secondary" onClick={copy}>
              {copied ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <Select
            label="For"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'person' | 'group')}
            options={[
              { value: 'person', label: 'One person (single use)' },
              { value: 'group', label: 'A named group' },
            ]}
          />
          {kind === 'person' ? (
            <Input
              label="Their email address"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
              required
            />
          ) : (
            <>
              <Input
                label="Group name"
                value={label}
                onChange={(e) => setLabel(e.target.value)}
                error={errors.label}
                required
              />
              <Input
                label="Number of uses"
                type="number"
                min={1}
                max={MAX_LATE_LINK_USES}
                value={uses}
                onChange={(e) => setUses(e.target.value)}
                error={errors.max_uses}
                required
              />
            </>
          )}
          <Input
            label="Expires at"
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            error={errors.expires_at}
            required
          />
        </div>
      )}
    </Dialog>
  );
}
