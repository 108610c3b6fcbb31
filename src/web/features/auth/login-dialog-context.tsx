import { useRouterState } from '@tanstack/react-router';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));

type LoginDialogApi = {
  /** Open the 'Welcome to ApplyHub' dialog; `next` is where to return after signing in. */
  openLogin: (next?: string) => void;
};

const Ctx = createContext<LoginDialogApi>({ openLogin: () => {} });

/** Hosts the one login dialog of the app (loaded on first use, so the landing stays light). */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; next?: string; used: boolean }>({
    open: false,
    used: false,
  });
  // Leaving the page (for instance for the demo sign-in page) closes the dialog.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    if (pathname) setState((s) => (s.open ? { ...s, open: false } : s));
  }, [pathname]);
  const openLogin = useCallback((next?: string) => setState({ open: true, next, used: true }), []);
  const api = useMemo(() => ({ openLogin }), [openLogin]);
  return (
    <Ctx.Provider value={api}>
      {children}
      {state.used && (
        <Suspense fallback={null}>
          <LoginDialog
            open={state.open}
            next={state.next}
            onOpenChange={(open) => setState((s) => ({ ...s, open }))}
          />
        </Suspense>
      )}
    </Ctx.Provider>
  );
}

export function useLoginDialog(): LoginDialogApi {
  return useContext(Ctx);
}
