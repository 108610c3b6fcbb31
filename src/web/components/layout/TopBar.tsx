import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useLoginDialog } from '../../features/auth/login-dialog-context';
import { useSignOut } from '../../features/auth/sign-out';
import { AppLink } from '../../lib/navigation';
import { meQuery } from '../../lib/session';
import { Button } from '../ui/Button';
import { cn, focusRing } from '../ui/cn';
import { Skeleton } from '../ui/Skeleton';

/** Product name, then 'Sign up / Log in' (signed out) or the user's email and 'Sign out'. */
export function TopBar() {
  const me = useQuery(meQuery);
  const { openLogin } = useLoginDialog();
  const { signOut, pending } = useSignOut();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <AppLink
          to="/"
          className={cn(
            'flex shrink-0 items-center gap-2 rounded-md text-lg font-bold text-slate-900',
            focusRing,
          )}
        >
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-lg bg-blue-600 text-sm font-bold text-white"
          >
            A
          </span>
          ApplyHub
        </AppLink>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {me.isPending ? (
            <Skeleton className="h-8 w-32" />
          ) : me.data ? (
            <>
              <span className="min-w-0 truncate text-sm text-slate-700" title={me.data.email}>
                {me.data.email}
              </span>
              <Button variant="secondary" size="sm" onClick={signOut} loading={pending}>
                {!pending && <LogOut className="size-4" aria-hidden="true" />}
                Sign out
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={() => openLogin()}>
              Sign up / Log in
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
