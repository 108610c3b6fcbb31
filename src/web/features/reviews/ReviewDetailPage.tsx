import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BackLink } from '../../components/ui/BackLink';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { ApplicantResponses } from './ApplicantResponses';
import { isUuid, reviewDetailQuery } from './api';
import { ReviewPanel } from './ReviewPanel';

/** /review/app/{applicationId}: Applicant Responses beside the collaborative Review panel. */
export function ReviewDetailPage({ applicationId }: { applicationId: string }) {
  const valid = isUuid(applicationId);
  const query = useQuery({ ...reviewDetailQuery(applicationId), enabled: valid });
  const detail = query.data;
  usePageTitle(
    detail ? `Review · ${detail.application.applicant_name ?? detail.application.program_name}` : 'Review',
  );
  const navigate = useNavigate();
  useEffect(() => {
    // 'Not authorized or application not found' and permission errors go to /unauthorized.
    if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))
      void navigate({ to: '/unauthorized' });
  }, [query.error, navigate]);

  return (
    <DashboardShell showReviews>
      {detail ? (
        <BackLink to="/review/$programId" params={{ programId: detail.application.program_id }}>
          {detail.application.program_name}
        </BackLink>
      ) : (
        <BackLink to="/review">Your Review Assignments</BackLink>
      )}
      {!valid ? (
        <div className="mt-6">
          <h1 className="sr-only">Review</h1>
          <ErrorState message="Missing application ID" />
        </div>
      ) : !detail && !query.isError ? (
        <div role="status" className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : !detail ? (
        <div className="mt-6">
          <h1 className="sr-only">Review</h1>
          <ErrorState
            message="Failed to load application data"
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      ) : (
        <>
          <PageHeader
            className="mt-4"
            eyebrow={`${detail.application.program_name} · ${detail.application.organization_name}`}
            title={detail.application.applicant_name ?? 'Application'}
          />
          <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <ApplicantResponses detail={detail} />
            <ReviewPanel
              applicationId={applicationId}
              detail={detail}
              refetch={async () => (await query.refetch()).data}
            />
          </div>
        </>
      )}
    </DashboardShell>
  );
}
