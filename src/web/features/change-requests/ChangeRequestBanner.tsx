import { changeRequestMessages as c } from '../../../shared/domain/change-requests';
import { formatDateTime } from '../../lib/format';

/**
 * "Changes requested by <Organization>, due <date>" with the organization's message (issue 31
 * item 1): on the application page (with how editing works) and on the My Submissions card.
 */
export function ChangeRequestBanner({
  request,
  compact = false,
}: {
  request: { organization_name: string; message: string; due_at: string };
  compact?: boolean;
}) {
  return (
    <div
      role="status"
      className={
        compact
          ? 'mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950'
          : 'mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950'
      }
    >
      <p className="font-semibold">{c.banner(request.organization_name, formatDateTime(request.due_at))}</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm">{request.message}</p>
      {!compact && <p className="mt-2 text-sm">{c.editHint}</p>}
    </div>
  );
}
