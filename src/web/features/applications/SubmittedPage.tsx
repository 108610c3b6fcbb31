import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { applicationMessages as m } from '../../../shared/domain/applications';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { SkeletonText } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { applicationQuery } from './api';

/**
 * The confirmation after an irreversible submit (docs/decisions/022): which program, when, and the
 * two ways on: the submission itself and My Submissions.
 */
export function SubmittedPage({ appId }: { appId: string }) {
  usePageTitle('Application submitted');
  // Its own key, read fresh: the application page drops its cached copy as it closes.
  const app = useQuery({
    ...applicationQuery(appId),
    queryKey: ['application', appId, 'submitted'],
    staleTime: 0,
  });
  if (app.isPending)
    return (
      <div className="mx-auto max-w-xl">
        <SkeletonText lines={4} label="Loading application…" />
      </div>
    );
  if (app.isError)
    return (
      <ErrorState
        className="mx-auto max-w-xl"
        message={m.loadFailed}
        onRetry={() => void app.refetch()}
        retrying={app.isFetching}
      />
    );
  // Not submitted (an old link, a typed address): the application itself.
  if (app.data.status === 'draft') return <Navigate to="/applications/$appId" params={{ appId }} replace />;
  const { program, submitted_at } = app.data;
  return (
    <section
      aria-labelledby="submitted-title"
      className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden="true" />
      <h1 id="submitted-title" className="mt-4 text-2xl font-bold text-slate-900">
        {m.submitted}
      </h1>
      <p className="mt-2 text-slate-700">
        Your application to <strong className="font-semibold text-slate-900">{program.name}</strong> (
        {program.organization_name}) was received.
      </p>
      {submitted_at && (
        <p className="mt-1 text-sm text-slate-600">
          Submitted <time dateTime={submitted_at}>{formatDateTime(submitted_at)}</time>
        </p>
      )}
      <p className="mt-4 text-sm text-slate-600">
        You can change it until the deadline with Edit Application. Results appear under My Submissions →
        Results once they are published.
      </p>
      <div className="mt-6 flex flex-col-reverse justify-center gap-3 sm:flex-row">
        <LinkButton to="/my-submissions" variant="secondary">
          Back to My Submissions
        </LinkButton>
        <LinkButton to="/applications/$appId" params={{ appId }}>
          View submission
        </LinkButton>
      </div>
    </section>
  );
}
