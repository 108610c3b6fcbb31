import { useSyncExternalStore } from 'react';

/**
 * Toasts without loading sonner with a page: the first toast loads sonner and mounts the app's
 * <Toaster/> (see PageChrome), which also shows any toast raised before it mounted. Raise toasts
 * through this module only (not `import { toast } from 'sonner'`: nothing would mount the Toaster).
 */
let wanted = false;
const listeners = new Set<() => void>();

function requestToaster() {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

/** True once some code asked for a toast (the root layout then mounts the Toaster). */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

/** A toast's description, and a button in it to act at once (e.g. 'Try again'). */
interface Options {
  description?: string;
  action?: { label: string; onClick: () => void };
}

function show(kind: Kind, message: string, options?: Options) {
  requestToaster();
  void import('sonner').then(({ toast: t }) => {
    if (kind === 'message') t(message, options);
    else t[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
  warning: (message: string, options?: Options) => show('warning', message, options),
  message: (message: string, options?: Options) => show('message', message, options),
};

/**
 * Clears the toasts on screen. A modal dialog that opens takes the user's attention, and a toast
 * left under it can be neither read nor closed ('Draft program created.' under the publish dialog).
 */
export function dismissToasts() {
  if (!wanted) return;
  void import('sonner').then(({ toast: t }) => t.dismiss());
}
