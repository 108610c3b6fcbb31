import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { dismissToasts } from '../../lib/toast';
import { cn, focusRing } from './cn';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible title, shown as its heading. */
  title: ReactNode;
  /** Optional text under the title (announced as the dialog's description). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (right-aligned, stacked on phones). */
  footer?: ReactNode;
  /** Hide the × close button (Escape and the footer still close). */
  hideClose?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** What takes focus on open (default: the first focusable element, the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
};

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' };

/**
 * A modal dialog (Radix): focus is trapped inside, Escape and the close button close it, and focus
 * returns to whatever opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  hideClose,
  size = 'md',
  className,
  initialFocus,
}: DialogProps) {
  const returnFocus = useRef<HTMLElement | null>(null);
  // What toasts said before the dialog opened would stay under it, out of reach.
  useEffect(() => {
    if (open) dismissToasts();
  }, [open]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(e) => {
            // Still the element that opened the dialog: focus goes back there on close.
            returnFocus.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              e.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            const el = returnFocus.current;
            if (el?.isConnected) {
              e.preventDefault();
              el.focus();
            }
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none',
            widths[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
              {title}
            </DialogPrimitive.Title>
            {!hideClose && (
              <DialogPrimitive.Close
                className={cn(
                  '-mt-1 -mr-2 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  focusRing,
                )}
                aria-label="Close"
              >
                <X className="size-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            )}
          </div>
          {description && (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
