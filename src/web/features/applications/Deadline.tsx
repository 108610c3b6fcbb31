import { deadlineMessages as d } from '../../../shared/domain/deadlines';
import type { Application } from '../../../shared/schemas/applications';
import { formatDateTime } from '../../lib/format';

/** The deadline line of the page header: this applicant's own deadline (shared/domain/deadlines). */
export function deadlineLine(app: Application): string {
  const close = app.deadline
    ? app.deadline.link
      ? app.deadline.grace_until
      : app.deadline.close_at
    : app.program.close_at;
  if (!close) return 'No deadline';
  return `${app.deadline?.personal ? d.personal : 'Deadline'} ${formatDateTime(close)}`;
}

/** Tells the applicant about their personal deadline (with the admin's note) or the grace period. */
export function DeadlineNotice({ app }: { app: Application }) {
  const dl = app.deadline;
  if (app.role !== 'owner' || !dl || !app.editable) return null;
  const programClose = app.program.close_at ? new Date(app.program.close_at) : null;
  const afterClose = programClose !== null && programClose.getTime() < Date.now();
  if (dl.personal && dl.close_at)
    return (
      <div
        role="status"
        className="mt-4 rounded-lg border border-blue-300 bg-blue-50 px-4 py-3 text-blue-900"
      >
        <p className="font-semibold">
          {d.personal}: {formatDateTime(dl.close_at)}
        </p>
        <p className="text-sm">{d.personalNote}</p>
        {dl.note && <p className="mt-1 text-sm">{dl.note}</p>}
      </div>
    );
  if (afterClose && dl.grace_until && dl.link)
    return (
      <div
        role="status"
        className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
      >
        <p className="text-sm">{d.link}</p>
        <p className="text-sm">Until {formatDateTime(dl.grace_until)}</p>
      </div>
    );
  if (afterClose && dl.grace_until)
    return (
      <div
        role="status"
        className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
      >
        <p className="text-sm">{d.grace}</p>
        <p className="text-sm">Until {formatDateTime(dl.grace_until)}</p>
      </div>
    );
  return null;
}
