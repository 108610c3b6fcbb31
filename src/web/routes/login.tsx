import { createFileRoute, Link } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { safeNextPath } from '../../shared/domain/redirect';
import { cn, focusRing } from '../components/ui/cn';
import { GoogleButtons } from '../features/auth/GoogleButtons';
import { usePageTitle } from '../lib/title';

type LoginSearch = { auth_error?: 1; error?: string; next?: string };

const str = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    auth_error: String(search.auth_error) === '1' ? 1 : undefined,
    error: str(search.error),
    next: typeof search.next === 'string' ? search.next : undefined,
  }),
  component: LoginPage,
});

/** Where a failed sign-in lands (/login?auth_error=1); also a plain sign-in page. */
function LoginPage() {
  usePageTitle('Log in');
  const { auth_error, error, next } = Route.useSearch();
  const failed = auth_error === 1 || !!error;
  const detail = error ? error.replace(/_/g, ' ') : undefined;
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex flex-1 items-start justify-center px-4 py-12 focus:outline-none sm:py-20"
    >
      <div className="w-full max-w-sm">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-slate-900">Welcome to ApplyHub</h1>
          {failed ? (
            <div
              role="alert"
              className="mt-4 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-medium">Sign-in failed. Please try again.</p>
                {detail && <p className="mt-1">Details: {detail}</p>}
              </div>
            </div>
          ) : (
            <p className="mt-2 text-sm text-slate-600">Sign up or log in with your Google account.</p>
          )}
          <div className="mt-6">
            <GoogleButtons next={next ? safeNextPath(next) : '/dashboard'} />
          </div>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link
            to="/"
            className={cn('rounded font-medium text-blue-700 underline hover:text-blue-800', focusRing)}
          >
            Back to Home
          </Link>
        </p>
      </div>
    </main>
  );
}
