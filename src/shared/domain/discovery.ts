/** Texts and windows of the discovery page (spec §9), shared by the server and the client. */
import { type WindowState, windowState } from './programs';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The featured carousel shows each slide this long, unless paused (spec §9). */
export const CAROUSEL_MS = 5000;

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

const shortDate: FormatDate = (date) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(date);

export interface ProgramChip {
  state: WindowState;
  label: string;
  tone: 'success' | 'warning' | 'info' | 'neutral';
}

/**
 * The one status chip of a program, on every card and page: 'Opens Dec 2' before it opens (never
 * 'Closed'), 'Closes tomorrow' / 'Closes in N days' in its last week, 'Open', then 'Closed'.
 */
export function programChip(
  openAt: DateLike,
  closeAt: DateLike,
  now: Date,
  format: FormatDate = shortDate,
): ProgramChip {
  const state = windowState(openAt ?? null, closeAt ?? null, now);
  if (state === 'not_open')
    return { state, label: `Opens ${format(new Date(openAt as string))}`, tone: 'info' };
  if (state === 'closed') return { state, label: 'Closed', tone: 'neutral' };
  if (closeAt) {
    const days = Math.max(1, Math.ceil((new Date(closeAt).getTime() - now.getTime()) / DAY_MS));
    if (days === 1) return { state, label: 'Closes tomorrow', tone: 'warning' };
    if (days <= 7) return { state, label: `Closes in ${days} days`, tone: 'warning' };
  }
  return { state, label: 'Open', tone: 'success' };
}

/**
 * All Programs order: by deadline, soonest first; programs without a deadline after those with one;
 * closed programs last (most recently closed first); ties by name.
 */
export function byDeadline(now: Date) {
  const t = now.getTime();
  const key = (p: { close_at?: DateLike }) => (p.close_at ? new Date(p.close_at).getTime() : null);
  return <P extends { name: string; close_at?: DateLike }>(a: P, b: P): number => {
    const ka = key(a);
    const kb = key(b);
    const closedA = ka !== null && ka < t;
    const closedB = kb !== null && kb < t;
    if (closedA !== closedB) return closedA ? 1 : -1;
    if (closedA && closedB) return (kb as number) - (ka as number) || a.name.localeCompare(b.name);
    if (ka === null || kb === null) return ka === kb ? a.name.localeCompare(b.name) : ka === null ? 1 : -1;
    return ka - kb || a.name.localeCompare(b.name);
  };
}
