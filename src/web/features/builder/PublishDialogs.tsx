import { Link } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, Copy } from 'lucide-react';
import { useState } from 'react';
import { publishChecklist } from '../../../shared/domain/publish-checklist';
import type { ApplicationForm } from '../../../shared/schemas/forms';
import type { SaveResult } from '../../../shared/schemas/programs';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { toast } from '../../lib/toast';

/** Publish asks first: what will happen, and a short checklist of the form (warnings do not block). */
export function PublishConfirm({
  open,
  onOpenChange,
  form,
  needsApproval,
  laterStage = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: ApplicationForm;
  needsApproval: boolean;
  /** A later stage of a program (decision 066): nobody finds it; invited applicants open it. */
  laterStage?: boolean;
  onConfirm: () => void;
}) {
  const items = publishChecklist(form);
  const what = laterStage ? 'stage' : 'program';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={needsApproval ? `Submit this ${what} for approval?` : `Publish this ${what}?`}
      description={
        needsApproval
          ? 'A super admin reviews the form; it goes live once approved.'
          : laterStage
            ? 'The form goes live at once, by invitation only: nobody can find it, and only the applicants you invite can open it.'
            : 'The form goes live at once and applicants can find it.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Keep editing
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {needsApproval ? 'Submit for approval' : 'Publish now'}
          </Button>
        </>
      }
    >
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Before you publish</h3>
      <ul aria-label="Checklist" className="mt-2 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.text} className="flex items-start gap-2">
            {item.ok ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            )}
            <span className={item.ok ? 'text-slate-700' : 'font-medium text-amber-900'}>
              <span className="sr-only">{item.ok ? 'Done: ' : 'Check: '}</span>
              {item.text}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** After publishing: the outcome, and for a live program the public link to copy. */
export function PublishedDialog({
  result,
  programId,
  listPath,
  stage = null,
  onClose,
}: {
  result: SaveResult | null;
  programId: string;
  listPath: string;
  /** A later stage (decision 066): no public page to link to; its applicants come from the inbox. */
  stage?: { number: number; inboxHref: string | null } | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const live = result?.outcome === 'published';
  if (stage) {
    return (
      <Dialog
        open={result !== null}
        onOpenChange={(open) => !open && onClose()}
        title={live ? `Stage ${stage.number} is live` : 'Sent for approval'}
        description={result?.message}
        footer={
          <>
            <Link to={listPath as never} className={buttonClasses({ variant: 'secondary' })}>
              Back to programs
            </Link>
            {live && stage.inboxHref && (
              <Link to={stage.inboxHref as never} className={buttonClasses()}>
                Open the Applications Inbox
              </Link>
            )}
          </>
        }
      />
    );
  }
  const url = `${window.location.origin}/programs/${programId}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast.error('Copy failed: select the link and copy it.');
    }
  }
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title={live ? 'Your program is live' : 'Sent for approval'}
      description={result?.message}
      footer={
        <>
          <Link to={listPath as never} className={buttonClasses({ variant: 'secondary' })}>
            Back to programs
          </Link>
          {live && (
            <Link to={`/programs/${programId}` as never} className={buttonClasses()}>
              View program
            </Link>
          )}
        </>
      }
    >
      {live && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
          <Input
            label="Public link"
            readOnly
            value={url}
            className="min-w-0 flex-1"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden="true" />
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      )}
      {live && copied && (
        <p role="status" className="mt-2 text-sm text-green-800">
          Link copied.
        </p>
      )}
    </Dialog>
  );
}
