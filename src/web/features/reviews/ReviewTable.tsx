import { UNKNOWN_USER } from '../../../shared/domain/reviews';
import type { ReviewListRow } from '../../../shared/schemas/reviews';
import {
  Cell,
  DecisionCell,
  OpenLink,
  ReviewStatusBadge,
  reviewerNameOf,
  reviewRowClass,
  ScrollTable,
  scoreText,
  th,
  titleCell,
  UpdatedCell,
} from './parts';

type Row = ReviewListRow & { organization_name?: string };

/**
 * The review lists' one table (per-program queue, All Reviews, Applications Inbox). The spec gives each
 * its columns: all show Updated, Applicant, an editor column, Review Status, Score and an open link;
 * `program` adds Program (with the organization's name in the inbox), `decision` adds Decision.
 */
export function ReviewTable({
  label,
  rows,
  program,
  editor,
  decision,
  action,
}: {
  label: string;
  rows: Row[];
  program?: 'name' | 'with-organization';
  /** 'Last Edited By' shows a dash for 'not started' rows; the inbox's 'Reviewer' always names one. */
  editor: 'Last Edited By' | 'Reviewer';
  decision: boolean;
  action: 'Open' | 'Action';
}) {
  const headers = [
    'Updated',
    ...(program ? ['Program'] : []),
    'Applicant',
    editor,
    'Review Status',
    'Score',
    ...(decision ? ['Decision'] : []),
    action,
  ];
  return (
    <ScrollTable
      label={label}
      head={headers.map((h) => (
        <th key={h} scope="col" className={th}>
          {h}
        </th>
      ))}
    >
      {rows.map((row) => (
        <tr key={row.application_id} className={reviewRowClass}>
          <UpdatedCell row={row} />
          {program && (
            <Cell label="Program">
              {program === 'name' ? (
                row.program_name
              ) : (
                <>
                  <span className="block">{row.program_name}</span>
                  <span className="block text-xs text-slate-500">{row.organization_name}</span>
                </>
              )}
            </Cell>
          )}
          <th scope="row" className={titleCell}>
            {row.applicant_name ?? 'Applicant'}
          </th>
          <Cell label={editor}>
            {editor === 'Reviewer' ? (row.reviewer_name ?? UNKNOWN_USER) : reviewerNameOf(row)}
          </Cell>
          <Cell label="Review Status">
            <ReviewStatusBadge status={row.status} />
          </Cell>
          <Cell label="Score">{scoreText(row.score)}</Cell>
          {decision && <DecisionCell row={row} />}
          <Cell label={action}>
            <OpenLink row={row} />
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
