import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { RedeemedLateLink } from '../../../shared/schemas/late-links';
import { Button } from '../../components/ui/Button';
import { LinkButton } from '../../components/ui/LinkButton';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError, api } from '../../lib/api';
import { usePageTitle } from '../../lib/title';

/**
 * `/late/<token>`: a signed-in applicant opens a late-submission link. Accepted, they go straight to
 * their application (started for them when they had none); refused (used up, expired, revoked, for
 * someone else), a clear page says why.
 */
export function LateLinkPage({ token }: { token: string }) {
  usePageTitle('Late-submission link');
  const navigate = useNavigate();
  const redeem = useMutation({
    mutationFn: () => api<RedeemedLateLink>('POST', '/late-links/redeem', { token }),
    onSuccess: (res) =>
      void navigate({ to: '/applications/$appId', params: { appId: res.application_id }, replace: true }),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    redeem.mutate();
  }, [redeem]);
  // A refusal (4xx) is final; anything else may be tried again.
  const refused = redeem.error instanceof ApiError && redeem.error.status < 500;
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center focus:outline-none"
    >
      {redeem.isError ? (
        <>
          <Clock className="size-10 text-amber-700" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">This link cannot be used</h1>
          <p className="mt-3 text-slate-700" role="alert">
            {redeem.error instanceof Error && redeem.error.message
              ? redeem.error.message
              : 'The link could not be opened.'}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {!refused && (
              <Button onClick={() => redeem.mutate()} loading={redeem.isPending}>
                Try again
              </Button>
            )}
            <LinkButton to="/my-submissions" variant={refused ? 'primary' : 'secondary'}>
              Go to My Submissions
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <Spinner />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Opening your late-submission link…</h1>
        </>
      )}
    </main>
  );
}
