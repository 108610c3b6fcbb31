import { type ReactNode, useState } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Say what will happen, e.g. 'The organization will be hidden. You can restore it later.' */
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (default) for destructive actions; false for a primary one. */
  destructive?: boolean;
  /** May return a promise: the button shows a spinner until it settles; the dialog closes on success. */
  onConfirm: () => unknown;
  /** Extra fields inside the dialog (e.g. an optional reason). */
  children?: ReactNode;
};

/** Confirmation for destructive actions (never window.confirm). Errors thrown by onConfirm keep it open. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = true,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the error (toast); keep the dialog open so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
