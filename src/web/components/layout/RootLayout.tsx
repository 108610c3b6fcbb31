import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoginDialogProvider } from '../../features/auth/login-dialog-context';
import { useFocusHeadingOnNavigate } from '../../lib/focus-heading';
import { type AppLinkProps, LinkProvider, registerNavigator } from '../../lib/navigation';
import { PageChrome } from './PageChrome';

/** What shared components link with inside the app: the router's Link (client-side, preloaded on intent). */
function RouterLink({ to, ref, ...props }: AppLinkProps) {
  return <Link to={to as never} ref={ref} {...props} />;
}

/** The app's root: the page frame around the route, with the router behind every in-app link. */
export function RootLayout() {
  const router = useRouter();
  useFocusHeadingOnNavigate();
  useEffect(() => registerNavigator((href) => void router.navigate({ href })), [router]);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <LinkProvider value={RouterLink}>
      <LoginDialogProvider pathname={pathname}>
        <PageChrome bare={pathname.startsWith('/letters/')}>
          <Outlet />
        </PageChrome>
      </LoginDialogProvider>
    </LinkProvider>
  );
}
