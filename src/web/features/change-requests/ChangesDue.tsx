import { displayStatus } from '../../../shared/domain/change-requests';
import { Badge } from '../../components/ui/Badge';
import { formatDateTime } from '../../lib/format';

/**
 * *Changes requested* and its due date beside an application in the inbox's lists (decision 063):
 * shown while the request is open; nothing once it is answered, withdrawn or past due.
 */
export function ChangesDue({
  row,
}: {
  row: { changes_due_at?: string | null; application_status?: string };
}) {
  if (row.application_status === 'withdrawn' || !row.changes_due_at) return null;
  if (displayStatus('submitted', row.changes_due_at, new Date()) !== 'changes_requested') return null;
  return (
    <span className="mt-1 inline-flex flex-wrap items-center gap-1 text-xs font-normal text-slate-700">
      <Badge status="changes_requested" />
      <span>due {formatDateTime(row.changes_due_at)}</span>
    </span>
  );
}
