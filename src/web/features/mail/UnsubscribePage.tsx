import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MailX } from 'lucide-react';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeMessages } from '../../../shared/domain/unsubscribe';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { categoryLabels, unsubscribe, unsubscribeInfoQuery } from './api';

/**
 * Where an email's "Unsubscribe" link leads: it asks before it unsubscribes (link scanners open links
 * without meaning it); mail clients use the one-click POST of List-Unsubscribe instead.
 */
export function UnsubscribePage({ token }: { token: string }) {
  usePageTitle('Unsubscribe');
  const queryClient = useQueryClient();
  const info = useQuery({ ...unsubscribeInfoQuery(token), enabled: token.length > 0 });
  const done = useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (res) => queryClient.setQueryData(unsubscribeInfoQuery(token).queryKey, res),
  });
  const category = info.data ? categoryLabels[info.data.category] : null;

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex flex-1 items-start justify-center px-4 py-12 focus:outline-none sm:py-20"
    >
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <MailX className="size-8 text-blue-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Unsubscribe</h1>
        {!token || info.isError ? (
          <div role="alert" className="mt-3 text-slate-700">
            <p>
              {info.error instanceof ApiError && (info.error.status === 400 || info.error.status === 422)
                ? info.error.message
                : token
                  ? 'This link could not be checked. Please try again in a moment.'
                  : unsubscribeMessages.invalid}
            </p>
            {info.error instanceof ApiError && info.error.fields?.token === 'expired' && (
              <p className="mt-3 text-sm">
                <Link to="/profile" className={cn('font-medium text-blue-700 hover:underline', focusRing)}>
                  Email preferences in your profile
                </Link>
              </p>
            )}
          </div>
        ) : info.isPending ? (
          <p role="status" className="mt-3 text-slate-600">
            Loading…
          </p>
        ) : info.data.subscribed ? (
          <>
            <p className="mt-3 text-slate-700">
              Stop sending <strong>{category?.title.toLowerCase()}</strong> to {info.data.email}?
            </p>
            <p className="mt-1 text-sm text-slate-600">{category?.description}</p>
            <p className="mt-1 text-sm text-slate-600">
              Unsubscribe links work for {UNSUBSCRIBE_LINK_DAYS} days after their email is sent.
            </p>
            {done.isError && (
              <p role="alert" className="mt-3 text-sm text-red-800">
                {done.error instanceof ApiError ? done.error.message : 'An error occurred.'}
              </p>
            )}
            <Button className="mt-5" onClick={() => done.mutate()} loading={done.isPending}>
              Unsubscribe
            </Button>
          </>
        ) : (
          <div role="status">
            <p className="mt-3 text-slate-700">
              You are unsubscribed: {info.data.email} no longer gets {category?.title.toLowerCase()}.
            </p>
            <p className="mt-1 text-sm text-slate-600">
              Receipts and results still come. You can turn these back on in your{' '}
              <Link to="/profile" className={cn('font-medium text-blue-700 hover:underline', focusRing)}>
                profile
              </Link>
              .
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
