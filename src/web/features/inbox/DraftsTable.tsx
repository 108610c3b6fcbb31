import { useState } from 'react';
import type { ReviewListRow } from '../../../shared/schemas/reviews';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/format';
import { rowClass, th } from '../programs-admin/parts';
import { Cell, ScrollTable, titleCell } from '../reviews/parts';
import { PersonalDeadlineButton } from './PersonalDeadline';

type Row = ReviewListRow & {
  organization_name: string;
  application_status: string;
  personal_close_at?: string | null;
};

const columns = ['Last saved', 'Program', 'Applicant', 'Status', 'Deadline'];

/**
 * Applications started but not submitted: who, which program, when last saved. Drafts have no
 * review to open. Rows are selectable for a personal deadline on several at once (issue 31 item 3).
 */
export function DraftsTable({ rows }: { rows: Row[] }) {
  const [picked, setPicked] = useState<Set<string>>(new Set());
  // Only rows still shown count (a row may leave the list after a reload).
  const selected = rows.filter((r) => picked.has(r.application_id));
  const all = rows.length > 0 && selected.length === rows.length;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600" aria-live="polite">
          {selected.length} selected
        </span>
        <PersonalDeadlineButton
          targets={selected.map((r) => ({ programId: r.program_id, applicationId: r.application_id }))}
          label={
            selected.length > 1
              ? `Personal deadline (${selected.length}) for the selected applications`
              : 'Personal deadline for the selected application'
          }
          title={`${selected.length} selected ${selected.length === 1 ? 'application' : 'applications'}`}
          current={null}
          onDone={() => setPicked(new Set())}
        />
      </div>
      <ScrollTable
        label="Applications not submitted"
        head={
          <>
            <th scope="col" className={cn(th, 'w-10')}>
              <input
                type="checkbox"
                className="size-4 accent-blue-600"
                aria-label="Select all applications not submitted"
                checked={all}
                onChange={(e) =>
                  setPicked(e.target.checked ? new Set(rows.map((r) => r.application_id)) : new Set())
                }
              />
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className={th}>
                {c}
              </th>
            ))}
          </>
        }
      >
        {rows.map((row) => {
          const name = row.applicant_name ?? 'Applicant';
          return (
            <tr key={row.application_id} className={`${rowClass} max-sm:flex max-sm:flex-col`}>
              <Cell label="Select">
                <input
                  type="checkbox"
                  className="size-4 accent-blue-600"
                  aria-label={`Select ${name}`}
                  checked={picked.has(row.application_id)}
                  onChange={(e) => toggle(row.application_id, e.target.checked)}
                />
              </Cell>
              <Cell label="Last saved" className="whitespace-nowrap">
                {formatDateTime(row.updated_at)}
              </Cell>
              <Cell label="Program">
                <span className="block">{row.program_name}</span>
                <span className="block text-xs text-slate-500">{row.organization_name}</span>
              </Cell>
              <th scope="row" className={titleCell}>
                {name}
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
                    targets={[{ programId: row.program_id, applicationId: row.application_id }]}
                    label={`Personal deadline: ${name}`}
                    title={name}
                    current={row.personal_close_at ?? null}
                  />
                </span>
              </Cell>
            </tr>
          );
        })}
      </ScrollTable>
    </div>
  );
}
