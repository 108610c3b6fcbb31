import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

const load = () => import('./ConfirmDialog');
const ConfirmDialog = lazy(() => load().then((m) => ({ default: m.ConfirmDialog })));

/** Loads the dialog's code once the page has loaded and the browser is idle. */
function loadWhenIdle(): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => void load(), { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => void load(), 1000);
  return () => window.clearTimeout(handle);
}

/**
 * The ConfirmDialog for a page whose load should not carry the dialog's code (Radix Dialog, ~12 KB
 * gzip, decision 062): the code loads when the browser is idle after the page has loaded, or at once
 * when the dialog is first opened; until then this renders nothing (as a closed dialog does). Same
 * props and behaviour as ConfirmDialog.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  useEffect(() => loadWhenIdle(), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
