import type { ReactNode } from 'react';
import { deadlineMessages } from '../../../shared/domain/deadlines';
import { lastEditorText } from '../../../shared/domain/reviews';
import type { ReviewListRow } from '../../../shared/schemas/reviews';
import { Badge } from '../../components/ui/Badge';
import {
  applicantDisplayName,
  Cell,
  DecisionCell,
  OpenLink,
  ReviewStatusBadge,
  reviewRowClass,
  ScrollTable,
  scoreNumber,
  scoreText,
  titleCell,
  UpdatedCell,
} from './parts';

type Row = ReviewListRow & { organization_name?: string; application_status?: string; late?: boolean };

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
  scores,
  extraAction,
}: {
  label: string;
  rows: Row[];
  program?: 'name' | 'with-organization';
  /** The column naming who last edited the review ('Reviewer' in the inbox): a dash for 'not started' rows. */
  editor: 'Last Edited By' | 'Reviewer';
  decision: boolean;
  action: 'Open' | 'Action';
  /** Independent scoring: a Scores column with each application's sheets and weighted mean. */
  scores?: boolean;
  /** Another button beside Open (the inbox's PDF). */
  extraAction?: (row: Row) => ReactNode;
}) {
  const headers = [
    'Updated',
    ...(program ? ['Program'] : []),
    'Applicant',
    editor,
    'Review Status',
    'Score',
    ...(scores ? ['Scores'] : []),
    ...(decision ? ['Decision'] : []),
    action,
  ];
  return (
    <ScrollTable label={label} columns={headers}>
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
            {applicantDisplayName(row)}
          </th>
          <Cell label={editor}>{lastEditorText(row)}</Cell>
          <Cell label="Review Status">
            {row.application_status === 'withdrawn' ? (
              <Badge status="withdrawn" />
            ) : (
              <ReviewStatusBadge status={row.status} />
            )}
            {row.late && (
              <Badge tone="warning" className="ml-1">
                {deadlineMessages.late}
              </Badge>
            )}
          </Cell>
          <Cell label="Score">{scoreText(row.score)}</Cell>
          {scores && (
            <Cell label="Scores" className="whitespace-nowrap tabular-nums">
              {row.scoring
                ? `${row.scoring.sheets}/${row.scoring.assigned} · ${scoreNumber(row.scoring.mean)}`
                : '—'}
            </Cell>
          )}
          {decision && <DecisionCell row={row} />}
          <Cell label={action}>
            {extraAction ? (
              <span className="flex flex-wrap gap-2">
                <OpenLink row={row} />
                {extraAction(row)}
              </span>
            ) : (
              <OpenLink row={row} />
            )}
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
