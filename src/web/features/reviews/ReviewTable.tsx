import type { ReactNode } from 'react';
import { changeRequestMessages } from '../../../shared/domain/change-requests';
import { deadlineMessages } from '../../../shared/domain/deadlines';
import { lastEditorText } from '../../../shared/domain/reviews';
import { stageOfLabel } from '../../../shared/domain/stages';
import type { InvitationState, ReviewListRow } from '../../../shared/schemas/reviews';
import { Badge } from '../../components/ui/Badge';
import { Checkbox } from '../../components/ui/Checkbox';
import { ChangesDue } from '../change-requests/ChangesDue';
import { LetterProgress } from '../letters/LetterProgress';
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

export type ReviewTableRow = ReviewListRow & {
  organization_name?: string;
  application_status?: string;
  late?: boolean;
  letters?: { submitted: number; required: number; missing: number } | null;
  /** Programs in stages (the inbox, decision 066): a later stage names its stage-1 program. */
  stage_number?: number;
  parent_program_name?: string | null;
  invitation?: InvitationState | null;
};
type Row = ReviewTableRow;

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
  letters,
  extraAction,
  select,
  column,
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
  /** Reference letters (the inbox, when a program asks for them): submitted of required (decision 065). */
  letters?: boolean;
  /** Another button beside Open (the inbox's PDF). */
  extraAction?: (row: Row) => ReactNode;
  /** Rows to pick for a bulk action (the inbox's Request changes): a first column of checkboxes. */
  select?: {
    selected: Set<string>;
    onToggle: (id: string, on: boolean) => void;
    eligible: (row: Row) => boolean;
  };
  /** One more column before the actions (the inbox's Next stage, decision 066). */
  column?: { header: string; cell: (row: Row) => ReactNode };
}) {
  const headers = [
    ...(select ? ['Select'] : []),
    'Updated',
    ...(program ? ['Program'] : []),
    'Applicant',
    editor,
    'Review Status',
    'Score',
    ...(scores ? ['Scores'] : []),
    ...(letters ? ['Letters'] : []),
    ...(decision ? ['Decision'] : []),
    ...(column ? [column.header] : []),
    action,
  ];
  return (
    <ScrollTable label={label} columns={headers}>
      {rows.map((row) => (
        <tr key={row.application_id} className={reviewRowClass}>
          {select && (
            <Cell label="Select">
              {select.eligible(row) ? (
                <Checkbox
                  label={<span className="sr-only">Select {applicantDisplayName(row)}</span>}
                  checked={select.selected.has(row.application_id)}
                  onCheckedChange={(on) => select.onToggle(row.application_id, on)}
                />
              ) : null}
            </Cell>
          )}
          <UpdatedCell row={row} />
          {program && (
            <Cell label="Program">
              {program === 'name' ? (
                row.program_name
              ) : (
                <>
                  <span className="block">{row.program_name}</span>
                  {row.parent_program_name && (
                    <span className="block text-xs text-slate-600">
                      {stageOfLabel(row.stage_number ?? 2, row.parent_program_name)}
                    </span>
                  )}
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
            <ChangesDue row={row} />
            {row.changed_since_scored && (
              <Badge tone="warning" className="ml-1">
                {changeRequestMessages.changedSinceScored}
              </Badge>
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
          {letters && (
            <Cell label="Letters">
              <LetterProgress letters={row.letters} />
            </Cell>
          )}
          {decision && <DecisionCell row={row} />}
          {column && <Cell label={column.header}>{column.cell(row)}</Cell>}
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
