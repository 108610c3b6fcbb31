import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { CreatedApiToken } from '../../../shared/schemas/api-tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../lib/toast';

/** The new token's secret, shown this once, with a copy button. */
export function SecretDialog({ created, onClose }: { created: CreatedApiToken | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast.success('Token copied.');
    } catch {
      toast.error('Copy failed: select the token and copy it.');
    }
  }
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title="Copy your new token"
      description={created?.message}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {created && (
        <div className="flex flex-col gap-3">
          <label htmlFor="new-api-token" className="text-sm font-medium text-slate-800">
            {created.token.name}
          </label>
          <input
            id="new-api-token"
            readOnly
            value={created.secret}
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
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          </div>
          <p className="text-sm text-slate-600">
            Send it as <code className="font-mono">Authorization: Bearer …</code>. Keep it somewhere safe:
            anyone holding it acts as an admin of this organization until it expires or is revoked.
          </p>
        </div>
      )}
    </Dialog>
  );
}
