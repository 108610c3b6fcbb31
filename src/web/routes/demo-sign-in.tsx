import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { AlertCircle, UserRound } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { safeNextPath } from '../../shared/domain/redirect';
import { Button } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { cn, focusRing } from '../components/ui/cn';
import { EmptyState } from '../components/ui/EmptyState';
import { ErrorState } from '../components/ui/ErrorState';
import { Input } from '../components/ui/Field';
import { Skeleton } from '../components/ui/Skeleton';
import { Spinner } from '../components/ui/Spinner';
import { clearAuthIntent, forgetUserData } from '../features/auth/sign-in';
import { api } from '../lib/api';
import { meQuery, publicConfigQuery } from '../lib/session';
import { usePageTitle } from '../lib/title';

type DemoAccount = { email: string; name: string; description: string };

export const Route = createFileRoute('/demo-sign-in')({
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  component: DemoSignInPage,
});

const linkClass = cn('rounded font-medium text-blue-700 underline hover:text-blue-800', focusRing);

/** Demo mode's stand-in for Google: pick a sample account or type any email. */
function DemoSignInPage() {
  usePageTitle('Demo sign-in');
  const config = useQuery(publicConfigQuery);
  const demo = config.data?.sign_in === 'demo';
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex flex-1 items-start justify-center px-4 py-10 focus:outline-none sm:py-16"
    >
      <div className="w-full max-w-2xl">
        <h1 className="text-2xl font-bold text-slate-900">Demo sign-in</h1>
        {config.isPending ? (
          <p className="mt-4 text-slate-600" role="status">
            Loading…
          </p>
        ) : config.isError ? (
          <ErrorState
            className="mt-6"
            message={config.error.message}
            onRetry={() => config.refetch()}
            retrying={config.isFetching}
          />
        ) : demo ? (
          <DemoSignIn />
        ) : (
          <>
            <p className="mt-4 text-slate-700">Demo sign-in is not available.</p>
            <p className="mt-6">
              <Link to="/" className={linkClass}>
                Back to Home
              </Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}

function DemoSignIn() {
  const { next } = Route.useSearch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accounts = useQuery({
    queryKey: ['demo', 'accounts'],
    queryFn: () => api<{ items: DemoAccount[] }>('GET', '/demo/accounts'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);

  const signIn = useMutation({
    mutationFn: ({ email, name }: { email: string; name?: string; fromForm?: boolean }) =>
      api('POST', '/demo/sign-in', { email, name }),
    onSuccess: async () => {
      await queryClient.cancelQueries();
      forgetUserData(queryClient);
      const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      clearAuthIntent();
      const target = next ? safeNextPath(next, '/dashboard') : '/dashboard';
      if (me && !me.onboarded) {
        await navigate({ to: '/onboarding', search: { next: target } });
      } else {
        await navigate({ href: target });
      }
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value) {
      setFieldError('Please enter your email address.');
      emailRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    signIn.mutate({ email: value, name: name.trim() || undefined, fromForm: true });
  }

  const pendingAccount =
    signIn.isPending && !signIn.variables?.fromForm ? signIn.variables?.email : undefined;

  return (
    <>
      <p className="mt-3 text-slate-700">
        Demo mode replaces Google sign-in: choose a sample account, or sign in as any email address. No
        password is needed.
      </p>

      {signIn.isError && (
        <div
          role="alert"
          className="mt-6 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{signIn.error.message}</p>
        </div>
      )}

      <Card className="mt-6" title="Sample accounts" description="Each account shows a different role.">
        {accounts.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2" role="status">
            <span className="sr-only">Loading…</span>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        ) : accounts.isError ? (
          <ErrorState
            message={accounts.error.message}
            onRetry={() => accounts.refetch()}
            retrying={accounts.isFetching}
          />
        ) : accounts.data.items.length === 0 ? (
          <EmptyState title="No sample accounts." description="Sign in with any email address below." />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {accounts.data.items.map((a) => (
              <li key={a.email}>
                <button
                  type="button"
                  onClick={() => signIn.mutate({ email: a.email, name: a.name })}
                  disabled={signIn.isPending}
                  aria-busy={pendingAccount === a.email || undefined}
                  className={cn(
                    'flex h-full w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left',
                    'hover:border-blue-300 hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-60',
                    focusRing,
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-800"
                  >
                    {pendingAccount === a.email ? <Spinner /> : <UserRound className="size-5" />}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{a.name}</span>
                    <span className="block truncate text-sm text-slate-600">{a.email}</span>
                    <span className="mt-1 block text-sm text-slate-700">{a.description}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="mt-6" title="Sign in with any email">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Input
            ref={emailRef}
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError}
          />
          <Input
            label="Name"
            hint="Optional."
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <div>
            <Button
              type="submit"
              loading={signIn.isPending && !!signIn.variables?.fromForm}
              disabled={signIn.isPending}
            >
              Sign in
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
