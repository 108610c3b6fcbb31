import type { ReviewListRow } from '../../../shared/schemas/reviews';
import { formatDateTime } from '../../lib/format';
import { rowClass } from '../programs-admin/parts';
import { Cell, ScrollTable, titleCell } from '../reviews/parts';
import { PersonalDeadlineButton } from './PersonalDeadline';

type Row = ReviewListRow & {
  organization_name: string;
  application_status: string;
  personal_close_at?: string | null;
};

/** Applications started but not submitted: who, which program, when last saved. Drafts have no review to open. */
export function DraftsTable({ rows }: { rows: Row[] }) {
  return (
    <ScrollTable
      label="Applications not submitted"
      columns={['Last saved', 'Program', 'Applicant', 'Status', 'Deadline']}
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
          <Cell label="Deadline">
            <span className="flex flex-wrap items-center gap-2">
              {row.personal_close_at && (
                <span className="text-sm text-slate-700">
                  Personal: {formatDateTime(row.personal_close_at)}
                </span>
              )}
              <PersonalDeadlineButton
                programId={row.program_id}
                applicationId={row.application_id}
                applicantName={row.applicant_name ?? 'Applicant'}
                current={row.personal_close_at ?? null}
              />
            </span>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
