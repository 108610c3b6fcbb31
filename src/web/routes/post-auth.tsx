import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { safeNextPath } from '../../shared/domain/redirect';
import { Spinner } from '../components/ui/Spinner';
import { clearAuthIntent, forgetUserData } from '../features/auth/sign-in';
import { meQuery } from '../lib/session';
import { usePageTitle } from '../lib/title';

type PostAuthSearch = { next?: string; error?: string };

export const Route = createFileRoute('/post-auth')({
  validateSearch: (search: Record<string, unknown>): PostAuthSearch => ({
    next: typeof search.next === 'string' ? search.next : undefined,
    error: search.error === undefined || search.error === null ? undefined : String(search.error),
  }),
  component: PostAuthPage,
});

/** The return target after Google: the session cookie is set by now; find out who we are and move on. */
function PostAuthPage() {
  usePageTitle('Signing you in…');
  const { next, error } = Route.useSearch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (detail?: string) =>
      navigate({ to: '/login', search: { auth_error: 1, error: detail }, replace: true });
    if (error) {
      clearAuthIntent();
      void fail(error);
      return;
    }
    (async () => {
      try {
        forgetUserData(queryClient);
        const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
        clearAuthIntent();
        if (!me) return void fail();
        const target = safeNextPath(next);
        if (!me.onboarded) {
          return void navigate({ to: '/onboarding', search: { next: target }, replace: true });
        }
        // A server address (a file link from an export) is left to the browser, not the router.
        if (target.startsWith('/api/')) window.location.replace(target);
        else void navigate({ href: target, replace: true });
      } catch {
        clearAuthIntent();
        void fail();
      }
    })();
  }, [error, next, navigate, queryClient]);

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex flex-1 items-center justify-center px-4 py-24 focus:outline-none"
    >
      <div className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5 text-blue-600" />
        <h1 className="text-lg font-medium" aria-live="polite">
          Signing you in…
        </h1>
      </div>
    </main>
  );
}
