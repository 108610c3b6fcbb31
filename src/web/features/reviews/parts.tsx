import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { applicantDisplayName } from '../../../shared/domain/blind-review';

export { scoreNumber } from '../../../shared/domain/scoring';
// The reviewer screens' one way in to these rules (so they load with this module, not as chunks of their own).
export { applicantDisplayName };

import { decisionCell, reviewStatusLabel } from '../../../shared/domain/reviews';
import type { ReviewListRow } from '../../../shared/schemas/reviews';
import { Badge, reviewStatusTone } from '../../components/ui/Badge';
import { buttonClasses } from '../../components/ui/Button';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { formatDateTime } from '../../lib/format';
import { rowClass, td } from '../programs-admin/parts';

export { ScrollTable, TableSkeleton, td, th } from '../programs-admin/parts';

/** 'not started' / 'commented' / 'finalized'. */
export function ReviewStatusBadge({ status }: { status: string }) {
  return <Badge tone={reviewStatusTone[status] ?? 'neutral'}>{reviewStatusLabel(status)}</Badge>;
}

export const scoreText = (score: number | null) => (score === null ? '—' : String(score));

/** The Open link of a row: to the review detail. */
export function OpenLink({ row, label }: { row: ReviewListRow; label?: string }) {
  return (
    <Link
      to="/review/app/$applicationId"
      params={{ applicationId: row.application_id }}
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      aria-label={
        label ??
        `Open the application of ${row.identity_hidden || row.applicant_name ? applicantDisplayName(row) : 'this applicant'}`
      }
    >
      Open
    </Link>
  );
}

/** A table cell that is labelled with its column on phones (rows stack into cards). */
export function Cell({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <td data-label={label} className={className ? `${td} ${className}` : td}>
      {children}
    </td>
  );
}

/** The common cells of a review row, in the spec's order for the queue and All Reviews. */
export function UpdatedCell({ row }: { row: ReviewListRow }) {
  return (
    <Cell label="Updated" className="whitespace-nowrap">
      {formatDateTime(row.submitted_at ?? row.updated_at)}
    </Cell>
  );
}

/** 'Disabled' when the program hides decisions, a dash when there is none, else the coloured badge. */
export function DecisionCell({ row }: { row: ReviewListRow }) {
  const text = decisionCell(row.decision, row.show_decision);
  const plain = text === 'Disabled' || text === '—';
  return (
    <Cell label="Decision">
      {plain ? <span className="text-slate-500">{text}</span> : <DecisionBadge decision={text} />}
    </Cell>
  );
}

export const reviewRowClass = `${rowClass} max-sm:flex max-sm:flex-col`;

/** The row's title cell (the applicant): the card title on phones, a plain column on wider screens. */
export const titleCell =
  'px-4 py-3 align-top text-left text-sm font-medium text-slate-900 max-sm:order-first max-sm:block max-sm:px-0 max-sm:pt-0 max-sm:pb-2 max-sm:text-base';

/** 'Loading…' in the spec's words, for a screen reader and the eye. */
export function LoadingText() {
  return (
    <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600 shadow-sm">
      Loading…
    </p>
  );
}
