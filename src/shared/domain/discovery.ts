/** Texts and windows of the discovery page (spec §9), shared by the server and the client. */

const DAY_MS = 24 * 60 * 60 * 1000;

type DateLike = Date | string | null | undefined;
type FormatDate = (date: Date) => string;

const fullDate: FormatDate = (date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);

/**
 * Deadline text of a close date: 'No deadline set'; 'Deadline passed'; 'Due tomorrow' within one
 * day; 'Due in N days' up to 7 days (days rounded up); otherwise the full date.
 */
export function deadlineText(closeAt: DateLike, now: Date, format: FormatDate = fullDate): string {
  if (!closeAt) return 'No deadline set';
  const close = new Date(closeAt);
  const diff = close.getTime() - now.getTime();
  if (diff < 0) return 'Deadline passed';
  const days = Math.max(1, Math.ceil(diff / DAY_MS));
  if (days === 1) return 'Due tomorrow';
  if (days <= 7) return `Due in ${days} days`;
  return format(close);
}

/** Opens text of an open date: 'No open date set'; 'Application is open' once it has passed; else the date. */
export function opensText(openAt: DateLike, now: Date, format: FormatDate = fullDate): string {
  if (!openAt) return 'No open date set';
  const open = new Date(openAt);
  if (open.getTime() <= now.getTime()) return 'Application is open';
  return format(open);
}

/**
 * A featured item is shown inside its schedule window: from starts_at (inclusive) until ends_at
 * (inclusive). Both are optional; an item without either is always visible.
 */
export function inScheduleWindow(startsAt: DateLike, endsAt: DateLike, now: Date): boolean {
  const t = now.getTime();
  if (startsAt && new Date(startsAt).getTime() > t) return false;
  if (endsAt && new Date(endsAt).getTime() < t) return false;
  return true;
}
