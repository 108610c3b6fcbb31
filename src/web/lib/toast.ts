import { useSyncExternalStore } from 'react';

/**
 * Toasts without putting sonner on the landing page: the first toast loads sonner and mounts the
 * app's <Toaster/> (see RootLayout), which also shows any toast raised before it mounted.
 * `import { toast } from 'sonner'` works too on signed-in pages (the Toaster is always mounted there).
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

function show(kind: Kind, message: string, options?: { description?: string }) {
  requestToaster();
  void import('sonner').then(({ toast: t }) => {
    if (kind === 'message') t(message, options);
    else t[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: { description?: string }) => show('success', message, options),
  error: (message: string, options?: { description?: string }) => show('error', message, options),
  info: (message: string, options?: { description?: string }) => show('info', message, options),
  warning: (message: string, options?: { description?: string }) => show('warning', message, options),
  message: (message: string, options?: { description?: string }) => show('message', message, options),
};
