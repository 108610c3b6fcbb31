import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

/** The signing secret, shown this once, with a copy button. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the secret stays selectable in the box.
      setCopied(false);
    }
  }
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title="Copy the signing secret"
      description="This is the only time it is shown. Your system uses it to check that each webhook comes from ApplyHub."
      footer={<Button onClick={onClose}>I copied it</Button>}
    >
      <div className="flex flex-col gap-3">
        <label htmlFor="webhook-secret" className="text-sm font-medium text-slate-800">
          Signing secret
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={secret ?? ''}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all"
        />
        <div>
          <Button variant="secondary" onClick={copy}>
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
          <span role="status" className="sr-only">
            {copied ? 'Secret copied to the clipboard.' : ''}
          </span>
        </div>
      </div>
    </Dialog>
  );
}
