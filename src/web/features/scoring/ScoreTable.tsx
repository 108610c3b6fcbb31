import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ReviewListRow } from '../../../shared/schemas/reviews';
import { cn, focusRing } from '../../components/ui/cn';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { ChangesDue } from '../change-requests/ChangesDue';
import { UnreadBadge } from '../messages/UnreadBadge';
import {
  applicantDisplayName,
  Cell,
  OpenLink,
  reviewRowClass,
  ScrollTable,
  scoreNumber,
  th,
  titleCell,
} from '../reviews/parts';
import { DisagreementFlag, sheetsText } from './parts';

export type SortKey = 'applicant' | 'sheets' | 'mean' | 'median' | 'spread' | 'rank';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

const columns: { key: SortKey; label: string }[] = [
  { key: 'sheets', label: 'Sheets' },
  { key: 'mean', label: 'Weighted mean' },
  { key: 'median', label: 'Median' },
  { key: 'spread', label: 'Spread' },
  { key: 'rank', label: 'Rank' },
];

function sortValue(row: ReviewListRow, key: SortKey): number | string | null {
  const a = row.scoring;
  switch (key) {
    case 'applicant':
      return row.identity_hidden ? (row.applicant_number ?? 0) : applicantDisplayName(row).toLowerCase();
    case 'sheets':
      return a?.sheets ?? 0;
    case 'mean':
      return a?.mean ?? null;
    case 'median':
      return a?.median ?? null;
    case 'spread':
      return a?.spread ?? null;
    case 'rank':
      return a?.rank ?? null;
  }
}

/** Sorted rows: missing values last whichever the direction, then by applicant number. */
export function sortRows(rows: ReviewListRow[], sort: Sort): ReviewListRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = sortValue(x, sort.key);
    const b = sortValue(y, sort.key);
    if (a === null && b !== null) return 1;
    if (b === null && a !== null) return -1;
    if (a !== null && b !== null && a !== b) return (a < b ? -1 : 1) * sign;
    return (x.applicant_number ?? 0) - (y.applicant_number ?? 0);
  });
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: { key: SortKey; label: string };
  sort: Sort;
  onSort: (s: Sort) => void;
}) {
  const active = sort.key === column.key;
  const Icon = active ? (sort.dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      className={th}
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={cn('inline-flex items-center gap-1 rounded uppercase hover:text-slate-900', focusRing)}
        onClick={() =>
          onSort({
            key: column.key,
            dir: active ? (sort.dir === 'asc' ? 'desc' : 'asc') : column.key === 'rank' ? 'asc' : 'desc',
          })
        }
      >
        {column.label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

/**
 * An independent-scoring program's applications with their aggregates (issue 20 item 3): sortable
 * by every number, high disagreement flagged, rows selectable for bulk assignment.
 */
export function ScoreTable({
  rows,
  sort,
  onSort,
  selected,
  onSelect,
  unread,
  column,
}: {
  rows: ReviewListRow[];
  sort: Sort;
  onSort: (s: Sort) => void;
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
  /** Unread messages from applicants per application (the inbox shows them on every view). */
  unread?: Map<string, number>;
  /** One more column before the actions (the inbox's Next stage, decision 066). */
  column?: { header: string; cell: (row: ReviewListRow) => ReactNode };
}) {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.application_id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <ScrollTable
      label="Applications and their scores"
      head={
        <>
          <th scope="col" className={cn(th, 'w-10')}>
            <input
              type="checkbox"
              className="size-4 accent-blue-600"
              aria-label="Select all applications"
              checked={all}
              onChange={(e) =>
                onSelect(e.target.checked ? new Set(rows.map((r) => r.application_id)) : new Set())
              }
            />
          </th>
          <SortHeader column={{ key: 'applicant', label: 'Applicant' }} sort={sort} onSort={onSort} />
          {columns.map((c) => (
            <SortHeader key={c.key} column={c} sort={sort} onSort={onSort} />
          ))}
          <th scope="col" className={th}>
            Decision
          </th>
          {column && (
            <th scope="col" className={th}>
              {column.header}
            </th>
          )}
          <th scope="col" className={th}>
            Action
          </th>
        </>
      }
    >
      {rows.map((row) => {
        const name = applicantDisplayName(row);
        const a = row.scoring;
        return (
          <tr key={row.application_id} className={reviewRowClass}>
            <Cell label="Select">
              <input
                type="checkbox"
                className="size-4 accent-blue-600"
                aria-label={`Select ${name}`}
                checked={selected.has(row.application_id)}
                onChange={(e) => toggle(row.application_id, e.target.checked)}
              />
            </Cell>
            <th scope="row" className={titleCell}>
              {name}
              {a?.disagreement && (
                <span className="mt-1 block">
                  <DisagreementFlag />
                </span>
              )}
              <ChangesDue row={row} />
            </th>
            <Cell label="Sheets" className="tabular-nums">
              {sheetsText(a)}
            </Cell>
            <Cell label="Weighted mean" className="tabular-nums">
              {scoreNumber(a?.mean)}
            </Cell>
            <Cell label="Median" className="tabular-nums">
              {scoreNumber(a?.median)}
            </Cell>
            <Cell label="Spread" className="tabular-nums">
              {scoreNumber(a?.spread)}
            </Cell>
            <Cell label="Rank" className="tabular-nums">
              {a?.rank ? `#${a.rank}` : '\u2014'}
            </Cell>
            <Cell label="Decision">
              {row.status === 'submitted' && row.decision ? (
                <DecisionBadge decision={row.decision} />
              ) : (
                <span className="text-slate-500">Not decided</span>
              )}
            </Cell>
            {column && <Cell label={column.header}>{column.cell(row)}</Cell>}
            <Cell label="Action">
              <span className="inline-flex flex-wrap items-center gap-2">
                <UnreadBadge count={unread?.get(row.application_id)} />
                <OpenLink row={row} label={`Open the application of ${name}`} />
              </span>
            </Cell>
          </tr>
        );
      })}
    </ScrollTable>
  );
}
