import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { letterUnsubscribeWords as words } from '../../../shared/domain/letters';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { letterUnsubscribeQuery, stopLetterReminders } from './api';

/**
 * Where a recommender's "Stop reminders about this request" link leads (decision 065): it asks before
 * it stops them (link scanners open links without meaning it; mail clients use the one-click POST).
 * No account, no app chrome; the letter link itself keeps working.
 */
export function LetterUnsubscribePage({ token }: { token: string }) {
  usePageTitle(words.title);
  const queryClient = useQueryClient();
  const info = useQuery({ ...letterUnsubscribeQuery(token), enabled: token.length > 0 });
  const stop = useMutation({
    mutationFn: () => stopLetterReminders(token),
    onSuccess: (res) => queryClient.setQueryData(letterUnsubscribeQuery(token).queryKey, res),
  });

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-md px-4 py-10 focus:outline-none sm:py-20">
      <p className="mb-4 text-sm font-semibold text-blue-700">ApplyHub</p>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <MailX className="size-8 text-blue-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{words.title}</h1>
        {!token || info.isError ? (
          <div role="alert" className="mt-3 text-slate-700">
            <p>
              {!token
                ? words.invalid
                : info.error instanceof ApiError && (info.error.status === 400 || info.error.status === 422)
                  ? info.error.message
                  : 'This link could not be checked. Please try again in a moment.'}
            </p>
            {token &&
              !(info.error instanceof ApiError && info.error.status < 500 && info.error.status > 0) && (
                <Button className="mt-4" variant="secondary" onClick={() => void info.refetch()}>
                  Try again
                </Button>
              )}
          </div>
        ) : info.isPending ? (
          <p role="status" className="mt-3 text-slate-600">
            Loading…
          </p>
        ) : info.data.subscribed && info.data.pending ? (
          <>
            <p className="mt-3 text-slate-700">
              {words.question(info.data.applicant_name, info.data.program_name)}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {info.data.org_name} · {info.data.email}
            </p>
            <p className="mt-1 text-sm text-slate-600">{words.linkWorks}</p>
            {stop.isError && (
              <p role="alert" className="mt-3 text-sm text-red-800">
                {stop.error instanceof ApiError ? stop.error.message : 'An error occurred.'}
              </p>
            )}
            <Button className="mt-5" onClick={() => stop.mutate()} loading={stop.isPending}>
              {words.button}
            </Button>
          </>
        ) : (
          <div role="status" className="mt-3">
            <p className="text-slate-700">
              {info.data.pending
                ? words.done(info.data.applicant_name, info.data.program_name)
                : words.notPending}
            </p>
            {info.data.pending && <p className="mt-1 text-sm text-slate-600">{words.linkWorks}</p>}
          </div>
        )}
      </div>
    </main>
  );
}
