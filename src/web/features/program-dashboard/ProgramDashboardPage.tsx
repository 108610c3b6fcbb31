import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Dashboard } from '../../../shared/schemas/dashboard';
import type { InboxStatus } from '../../../shared/schemas/reviews';
import { BackLink } from '../../components/ui/BackLink';
import { cn, focusRing } from '../../components/ui/cn';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { useTopic } from '../../lib/realtime';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { DossierButton } from '../exports/DossierButton';
import { DownloadButtons } from '../exports/DownloadButtons';
import { useForbiddenRedirect } from '../programs-admin/api';
import { dashboardQuery } from './api';
import { SubmissionsChart } from './SubmissionsChart';

const DAY = 86_400_000;

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A number that opens the inbox filtered to what it counts. */
function InboxNumber({
  data,
  status,
  children,
  label,
}: {
  data: Dashboard;
  status: InboxStatus;
  children: ReactNode;
  label: string;
}) {
  return (
    <Link
      to="/org/$orgSlug/admin/reviews"
      params={{ orgSlug: data.program.organization_slug }}
      search={{ status, program: data.program.id }}
      aria-label={label}
      className={cn('rounded text-blue-700 underline-offset-2 hover:underline', focusRing)}
    >
      {children}
    </Link>
  );
}

const stages: { key: keyof Dashboard['funnel']; label: string; status: InboxStatus; hint: string }[] = [
  { key: 'started', label: 'Started', status: 'started', hint: 'Applications begun, submitted or not' },
  { key: 'submitted', label: 'Submitted', status: 'all', hint: 'Sent in by the applicant' },
  { key: 'in_review', label: 'In review', status: 'draft', hint: 'A review is being written' },
  { key: 'finalized', label: 'Finalized', status: 'submitted', hint: 'The review is finalized' },
  { key: 'published', label: 'Published', status: 'published', hint: 'The result was sent' },
];

function Funnel({ data }: { data: Dashboard }) {
  const top = Math.max(1, data.funnel.started);
  return (
    <ol className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {stages.map((s) => {
        const n = data.funnel[s.key];
        return (
          <li key={s.key} className="rounded-lg border border-slate-200 p-3">
            <p className="text-sm font-medium text-slate-700">{s.label}</p>
            <p className="mt-1 text-3xl font-semibold tabular-nums">
              <InboxNumber data={data} status={s.status} label={`${s.label}: ${n}. Open them in the inbox`}>
                {n.toLocaleString()}
              </InboxNumber>
            </p>
            <div className="mt-2 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-full rounded-full bg-blue-600" style={{ width: `${(n / top) * 100}%` }} />
            </div>
            <p className="mt-2 text-xs text-slate-600">{s.hint}</p>
          </li>
        );
      })}
    </ol>
  );
}

function ReviewerProgress({ data }: { data: Dashboard }) {
  if (data.reviewers.length === 0)
    return <p className="text-sm text-slate-600">No reviewers assigned to this program yet.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {data.reviewers.map((r) => {
        const base = r.assigned ?? r.touched;
        const share = base ? r.finalized / base : 0;
        return (
          <li key={r.user_id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
            <span className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
              <span className="block text-sm font-medium break-words text-slate-900">
                {r.name ?? r.email ?? '—'}
              </span>
              {r.name && r.email && <span className="block text-xs break-all text-slate-600">{r.email}</span>}
            </span>
            <span className="text-sm tabular-nums text-slate-700">
              {r.assigned === null
                ? `${r.finalized} finalized of ${r.touched} touched`
                : `${r.finalized} submitted, ${r.touched} begun, of ${r.assigned} assigned`}
            </span>
            <span
              className="h-1.5 w-24 rounded-full bg-slate-100"
              role="img"
              aria-label={`${Math.round(share * 100)}% of their ${r.assigned === null ? 'reviews' : 'assigned sheets'} finalized`}
            >
              <span className="block h-full rounded-full bg-green-600" style={{ width: `${share * 100}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function deadlineText(data: Dashboard): string {
  if (!data.program.close_at) return 'No deadline set';
  const left = Date.parse(data.program.close_at) - Date.parse(data.now);
  if (left <= 0) return 'Deadline passed';
  const days = Math.ceil(left / DAY);
  return days === 1
    ? 'Due tomorrow'
    : days <= 7
      ? `Due in ${days} days`
      : `Closes ${formatDateTime(data.program.close_at)}`;
}

function Drafts({ data }: { data: Dashboard }) {
  const d = data.drafts;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <span className="text-2xl font-semibold tabular-nums">
          <InboxNumber
            data={data}
            status="unsubmitted"
            label={`${d.total} drafts not yet submitted. Open them in the inbox`}
          >
            {d.total.toLocaleString()}
          </InboxNumber>
        </span>{' '}
        not yet submitted · <strong>{deadlineText(data)}</strong>
      </p>
      <p className="text-sm text-slate-600">
        Saved in the last 24 hours: {d.saved_last_day} · in the last 7 days: {d.saved_last_week}
      </p>
      {d.items.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-slate-800">Least recently saved</h3>
          <ul className="divide-y divide-slate-100">
            {d.items.map((i) => (
              <li
                key={i.application_id}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm"
              >
                <span className="font-medium text-slate-900">{i.applicant_name ?? 'Applicant'}</span>
                <span className="text-slate-600">
                  {i.required_total
                    ? `${i.required_answered} of ${i.required_total} required answers`
                    : 'No required questions'}{' '}
                  · saved {formatDateTime(i.updated_at)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" className="mt-6 space-y-4">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** /org/{slug}/admin/programs/{programId}/dashboard: how a program is going, at a glance. */
export function ProgramDashboardPage({
  orgSlug,
  orgName,
  programId,
}: {
  orgSlug: string;
  orgName: string;
  programId: string;
}) {
  const q = useQuery(dashboardQuery(programId));
  useForbiddenRedirect(q.error);
  useTopic('reviews', () => void q.refetch());
  usePageTitle(q.data ? `${q.data.program.name} dashboard` : 'Program dashboard');
  const data = q.data;
  const enc = encodeURIComponent;

  return (
    <DashboardShell showReviews>
      <PageHeader
        back={
          <BackLink to="/org/$orgSlug/admin/programs" params={{ orgSlug }}>
            Back to {orgName} programs
          </BackLink>
        }
        eyebrow={`${orgName} · Dashboard`}
        title={data?.program.name ?? 'Program dashboard'}
      />
      {q.isPending ? (
        <DashboardSkeleton />
      ) : q.isError ? (
        <div className="mt-6">
          <ErrorState
            message={q.error instanceof Error ? q.error.message : 'Failed to load the dashboard.'}
            onRetry={() => void q.refetch()}
            retrying={q.isFetching}
          />
        </div>
      ) : data ? (
        <div className="mt-6 space-y-6">
          <div className="flex flex-wrap items-start gap-4">
            <LinkButton
              to="/org/$orgSlug/admin/reviews"
              params={{ orgSlug }}
              search={{ status: 'all', program: programId }}
              variant="secondary"
              size="sm"
            >
              Open in the inbox
            </LinkButton>
            <DownloadButtons
              what="Applications"
              url={(format) =>
                `/api/programs/${enc(programId)}/exports/applications?format=${format}&status=started`
              }
            />
            <DownloadButtons
              what="Results"
              url={(format) => `/api/programs/${enc(programId)}/exports/results?format=${format}`}
              disabled={data.funnel.published === 0}
            />
            <DossierButton programId={programId} disabled={data.funnel.submitted === 0} />
          </div>
          <Panel title="Funnel">
            <Funnel data={data} />
          </Panel>
          <Panel title="Submissions per day">
            <SubmissionsChart data={data} />
          </Panel>
          <div className="grid gap-6 lg:grid-cols-2">
            <Panel title="Reviewer progress">
              <ReviewerProgress data={data} />
            </Panel>
            <Panel title="Drafts as the deadline approaches">
              <Drafts data={data} />
            </Panel>
          </div>
        </div>
      ) : null}
    </DashboardShell>
  );
}
