import type { ReactNode } from 'react';
import { changeRequestMessages } from '../../../shared/domain/change-requests';
import { stageTabLabel } from '../../../shared/domain/stages';
import type { Dashboard, StageFunnel } from '../../../shared/schemas/dashboard';
import type { InboxStatus } from '../../../shared/schemas/reviews';
import { cn } from '../../components/ui/cn';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { nameCell, rowClass, ScrollTable, td } from '../programs-admin/parts';

/**
 * The program dashboard's panels, shared by the admins' page and the coalition manager's read-only
 * page (issue 33 item 18). A number links only where the page gives a `link` (the admins' inbox).
 */

const DAY = 86_400_000;

/** Wraps a number in a link to the inbox filtered to what it counts; absent, the number stands alone. */
export type NumberLink = (status: InboxStatus, label: string, children: ReactNode) => ReactNode;

export function Panel({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
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

const stages: {
  key: Exclude<keyof Dashboard['funnel'], 'changes_requested'>;
  label: string;
  status: InboxStatus;
  hint: string;
}[] = [
  { key: 'started', label: 'Started', status: 'started', hint: 'Applications begun, submitted or not' },
  { key: 'submitted', label: 'Submitted', status: 'all', hint: 'Sent in by the applicant' },
  { key: 'in_review', label: 'In review', status: 'draft', hint: 'A review is being written' },
  { key: 'finalized', label: 'Finalized', status: 'submitted', hint: 'The review is finalized' },
  { key: 'published', label: 'Published', status: 'published', hint: 'The result was sent' },
];

export function Funnel({ funnel, link }: { funnel: Dashboard['funnel']; link?: NumberLink }) {
  const top = Math.max(1, funnel.started);
  return (
    <>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {stages.map((s) => {
          const n = funnel[s.key];
          const shown = n.toLocaleString();
          return (
            <li key={s.key} className="rounded-lg border border-slate-200 p-3">
              <p className="text-sm font-medium text-slate-700">{s.label}</p>
              <p className="mt-1 text-3xl font-semibold tabular-nums">
                {link ? link(s.status, `${s.label}: ${n}. Open them in the inbox`, shown) : shown}
              </p>
              <div className="mt-2 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full rounded-full bg-blue-600" style={{ width: `${(n / top) * 100}%` }} />
              </div>
              <p className="mt-2 text-xs text-slate-600">{s.hint}</p>
            </li>
          );
        })}
      </ol>
      {funnel.changes_requested ? (
        <p className="mt-3 text-sm text-slate-700">
          {changeRequestMessages.status}:{' '}
          <span className="font-semibold tabular-nums">
            {link
              ? link(
                  'changes_requested',
                  `${changeRequestMessages.status}: ${funnel.changes_requested}. Open them in the inbox`,
                  funnel.changes_requested.toLocaleString(),
                )
              : funnel.changes_requested.toLocaleString()}
          </span>{' '}
          <span className="text-slate-600">(submitted, waiting for the applicant’s changes)</span>
        </p>
      ) : null}
    </>
  );
}

/** One reviewer's row: a name (the admins') or a number (a coalition manager's), and their counts. */
export interface ReviewerRow {
  key: string;
  name: string;
  email?: string | null;
  touched: number;
  finalized: number;
  assigned: number | null;
}

export function ReviewerProgress({ rows }: { rows: ReviewerRow[] }) {
  if (rows.length === 0)
    return <p className="text-sm text-slate-600">No reviewers assigned to this program yet.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map((r) => {
        const base = r.assigned ?? r.touched;
        const share = base ? r.finalized / base : 0;
        return (
          <li key={r.key} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
            <span className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
              <span className="block text-sm font-medium break-words text-slate-900">{r.name}</span>
              {r.email && r.email !== r.name && (
                <span className="block text-xs break-all text-slate-600">{r.email}</span>
              )}
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

function deadlineText(program: Dashboard['program'], now: string): string {
  if (!program.close_at) return 'No deadline set';
  const left = Date.parse(program.close_at) - Date.parse(now);
  if (left <= 0) return 'Deadline passed';
  const days = Math.ceil(left / DAY);
  return days === 1
    ? 'Due tomorrow'
    : days <= 7
      ? `Due in ${days} days`
      : `Closes ${formatDateTime(program.close_at)}`;
}

interface DraftItem {
  applicant_name: string | null;
  updated_at: string;
  required_answered: number;
  required_total: number;
}

export function Drafts({
  data,
  link,
}: {
  data: Pick<Dashboard, 'program' | 'now'> & {
    drafts: { total: number; saved_last_day: number; saved_last_week: number; items: DraftItem[] };
  };
  link?: NumberLink;
}) {
  const d = data.drafts;
  const total = d.total.toLocaleString();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <span className="text-2xl font-semibold tabular-nums">
          {link
            ? link('unsubmitted', `${d.total} drafts not yet submitted. Open them in the inbox`, total)
            : total}
        </span>{' '}
        not yet submitted · <strong>{deadlineText(data.program, data.now)}</strong>
      </p>
      <p className="text-sm text-slate-600">
        Saved in the last 24 hours: {d.saved_last_day} · in the last 7 days: {d.saved_last_week}
      </p>
      {d.items.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-slate-800">Least recently saved</h3>
          <ul className="divide-y divide-slate-100">
            {d.items.map((i, n) => (
              <li
                // Drafts are listed in a fixed order (least recently saved first).
                // biome-ignore lint/suspicious/noArrayIndexKey: a manager's rows carry no id
                key={n}
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

export function DashboardSkeleton() {
  return (
    <div role="status" className="mt-6 space-y-4">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The dashboard's error line: the server's message, or a plain one. */
export const dashboardError = (error: unknown) =>
  error instanceof Error ? error.message : 'Failed to load the dashboard.';

/** Eligibility screening (decision 061): passed, screened out, and how often each rule failed. */
export function ScreeningPanel({ screening }: { screening: NonNullable<Dashboard['screening']> }) {
  return (
    <Panel title="Screening">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-lg border border-slate-200 p-3">
          <dt className="text-sm font-medium text-slate-700">Passed</dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums">{screening.passed.toLocaleString()}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 p-3">
          <dt className="text-sm font-medium text-slate-700">Screened out</dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums">
            {screening.screened_out.toLocaleString()}
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">Screened out by rule</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {screening.by_rule.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two rules may read the same
          <li key={i} className="flex items-baseline justify-between gap-4 py-2">
            <span className="text-slate-800">{r.rule}</span>
            <span className="shrink-0 tabular-nums text-slate-700">
              {r.failed.toLocaleString()}
              <span className="sr-only"> screened out</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">
        Answers to the current screening; someone may fail more than one rule.
      </p>
    </Panel>
  );
}

/**
 * Programs in stages (decision 066): the funnel of every stage, one row of numbers each — invited to
 * it (later stages; stage 1 is open to all), submitted, decided, and shortlisted: invited on to the
 * next stage. A table (cards on phones); the stage whose dashboard this is, marked. `stageLink` opens
 * another stage's dashboard where the page has one.
 */
/** A number cell, labelled with its column on phones (the rows stack into cards). */
function NumberCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td data-label={label} className={cn(td, 'tabular-nums')}>
      {children}
    </td>
  );
}

export function StageFunnelPanel({
  stages,
  programId,
  stageLink,
}: {
  stages: StageFunnel[];
  programId: string;
  stageLink?: (stage: StageFunnel, children: ReactNode) => ReactNode;
}) {
  const columns = ['Stage', 'Invited', 'Submitted', 'Decided', 'Shortlisted for the next stage'];
  return (
    <Panel title="Funnel per stage">
      <p className="mb-3 text-sm text-slate-600">
        Applied, shortlisted (invited to the next stage), submitted there, decided: stage by stage.
      </p>
      <ScrollTable label="Funnel per stage" columns={columns} stickyFirst>
        {stages.map((s) => {
          const here = s.program_id === programId;
          const label = stageTabLabel(s.stage_number, s.name);
          return (
            <tr key={s.program_id} className={cn(rowClass, here && 'bg-blue-50')}>
              <th scope="row" className={here ? nameCell.replace('bg-white', 'bg-blue-50') : nameCell}>
                {here || !stageLink ? label : stageLink(s, label)}
                {here && <span className="block text-xs font-normal text-slate-600">This dashboard</span>}
                {!s.published && (
                  <span className="block text-xs font-normal text-amber-800">Not published</span>
                )}
              </th>
              <NumberCell label="Invited">
                {s.invited === null ? (
                  <span className="text-slate-600">Open to all</span>
                ) : (
                  <>
                    {s.invited.toLocaleString()}
                    {s.invitations_withdrawn ? (
                      <span className="block text-xs text-slate-600">
                        {s.invitations_withdrawn.toLocaleString()} withdrawn
                      </span>
                    ) : null}
                  </>
                )}
              </NumberCell>
              <NumberCell label="Submitted">{s.submitted.toLocaleString()}</NumberCell>
              <NumberCell label="Decided">{s.decided.toLocaleString()}</NumberCell>
              <NumberCell label="Shortlisted">
                {s.advanced === null ? (
                  <span className="text-slate-600">Last stage</span>
                ) : (
                  s.advanced.toLocaleString()
                )}
              </NumberCell>
            </tr>
          );
        })}
      </ScrollTable>
    </Panel>
  );
}
