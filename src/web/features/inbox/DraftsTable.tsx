import type { ReviewListRow } from '../../../shared/schemas/reviews';
import { formatDateTime } from '../../lib/format';
import { rowClass } from '../programs-admin/parts';
import { Cell, ScrollTable, titleCell } from '../reviews/parts';

type Row = ReviewListRow & { organization_name: string; application_status: string };

/** Applications started but not submitted: who, which program, when last saved. Drafts have no review to open. */
export function DraftsTable({ rows }: { rows: Row[] }) {
  return (
    <ScrollTable
      label="Applications not submitted"
      columns={['Last saved', 'Program', 'Applicant', 'Status']}
    >
      {rows.map((row) => (
        <tr key={row.application_id} className={`${rowClass} max-sm:flex max-sm:flex-col`}>
          <Cell label="Last saved" className="whitespace-nowrap">
            {formatDateTime(row.updated_at)}
          </Cell>
          <Cell label="Program">
            <span className="block">{row.program_name}</span>
            <span className="block text-xs text-slate-500">{row.organization_name}</span>
          </Cell>
          <th scope="row" className={titleCell}>
            {row.applicant_name ?? 'Applicant'}
          </th>
          <Cell label="Status">
            <span className="text-slate-600">Draft, not submitted</span>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
