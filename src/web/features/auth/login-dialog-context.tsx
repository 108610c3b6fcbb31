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

/**
 * Hosts the one login dialog of the app (loaded on first use, so the landing stays light). `pathname`
 * is the page shown now (the router's, or '/' in the landing shell).
 */
export function LoginDialogProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; next?: string; used: boolean; openedOn?: string }>({
    open: false,
    used: false,
  });
  // Leaving the page it was opened on (for instance for the demo sign-in page) closes the dialog.
  // (Compared with the page it was opened on: a page's own effect may open it as the route changes.)
  useEffect(() => {
    setState((s) => (s.open && s.openedOn !== pathname ? { ...s, open: false } : s));
  }, [pathname]);
  const openLogin = useCallback(
    (next?: string) => setState({ open: true, next, used: true, openedOn: window.location.pathname }),
    [],
  );
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
