import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { changeRequestMessages, displayStatus } from '../../../shared/domain/change-requests';
import { BackLink } from '../../components/ui/BackLink';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { WithdrawnNotice } from '../applications/Withdraw';
import { RequestChangesButton } from '../change-requests/RequestChanges';
import { VersionsPanel } from '../change-requests/VersionsPanel';
import { DashboardShell } from '../dashboard/DashboardShell';
import { PdfLink } from '../exports/PdfLink';
import { StaffLetters } from '../letters/StaffLetters';
import { MessageThread } from '../messages/MessageThread';
import { ApplicantResponses } from './ApplicantResponses';
import { isUuid, reviewDetailQuery } from './api';
import { applicantDisplayName } from './parts';
import { ReviewPanel } from './ReviewPanel';

// Independent scoring loads only on its programs' pages.
const ScoringSide = lazy(() => import('../scoring/ScoringPanel').then((m) => ({ default: m.ScoringSide })));
const SheetsSideBySide = lazy(() =>
  import('../scoring/ScoringPanel').then((m) => ({ default: m.SheetsSideBySide })),
);

/** /review/app/{applicationId}: Applicant Responses beside the collaborative Review panel. */
export function ReviewDetailPage({ applicationId }: { applicationId: string }) {
  const valid = isUuid(applicationId);
  const query = useQuery({ ...reviewDetailQuery(applicationId), enabled: valid });
  const detail = query.data;
  const applicant = detail
    ? detail.application.identity_hidden || detail.application.applicant_name
      ? applicantDisplayName(detail.application)
      : null
    : null;
  usePageTitle(detail ? `Review · ${applicant ?? detail.application.program_name}` : 'Review');
  const independent = detail?.review_mode === 'independent';
  const requestOpen =
    !!detail &&
    displayStatus('submitted', detail.application.changes_due_at, new Date()) === 'changes_requested' &&
    detail.application.status === 'submitted';
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
            title={applicant ?? 'Application'}
            actions={
              <>
                {detail.can_admin && detail.application.status === 'submitted' && !requestOpen && (
                  <RequestChangesButton
                    programId={detail.application.program_id}
                    applicationIds={[applicationId]}
                    form={detail.application_schema}
                    onDone={() => void query.refetch()}
                  />
                )}
                <PdfLink applicationId={applicationId} applicantName={applicant} size="md" />
              </>
            }
          />
          {requestOpen && detail.application.changes_due_at && (
            <div
              role="status"
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
            >
              <p className="font-semibold">
                {changeRequestMessages.status} · due {formatDateTime(detail.application.changes_due_at)}
              </p>
              {detail.application.changes_message && (
                <p className="mt-1 whitespace-pre-wrap break-words text-sm">
                  {detail.application.changes_message}
                </p>
              )}
            </div>
          )}
          {(detail.application.submission_version ?? 0) > 1 && (
            <VersionsPanel applicationId={applicationId} />
          )}
          {detail.application.status === 'withdrawn' && (
            <WithdrawnNotice
              applicationId={applicationId}
              canAdmin={detail.can_admin}
              onChanged={() => void query.refetch()}
            />
          )}
          <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <ApplicantResponses detail={detail} />
            {independent ? (
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <ScoringSide applicationId={applicationId} programId={detail.application.program_id} />
              </Suspense>
            ) : (
              <ReviewPanel
                applicationId={applicationId}
                detail={detail}
                refetch={async () => (await query.refetch()).data}
              />
            )}
          </div>
          {independent && detail.can_admin && (
            <Suspense fallback={null}>
              <SheetsSideBySide applicationId={applicationId} programId={detail.application.program_id} />
            </Suspense>
          )}
          <div className="mt-6 max-w-3xl">
            <StaffLetters applicationId={applicationId} />
          </div>
          <div className="mt-6 max-w-3xl">
            <MessageThread applicationId={applicationId} programId={detail.application.program_id} />
          </div>
        </>
      )}
    </DashboardShell>
  );
}
