/** Rules of the featured manager (spec §2 Featured Manager, §4, §5, §8, §9), shared by server and client. */
import { slugify } from './slug';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Hidden sections are deleted for good this many days after hiding. */
export const FEATURED_PURGE_DAYS = 30;
/** The target search returns at most this many results. */
export const FEATURED_SEARCH_MAX = 20;
/** Schedule presets, in days from now. */
export const SCHEDULE_PRESETS = [7, 14, 30] as const;
/** Section slug conflicts are retried with suffixes -2 … -16 (15 attempts after the first). */
export const SLUG_LAST_SUFFIX = 16;

export const featuredMessages = {
  headerRequired: 'Please enter a section header',
  endBeforeStart: 'End time must be after start time.',
  created: (header: string) => `Created: ${header}`,
  createFailed: 'Failed to create section',
  slugExhausted: 'Could not create section after multiple attempts',
  reorderSectionsFailed: 'Failed to reorder sections',
  hidden: 'Section hidden. It will be permanently deleted in 30 days.',
  hideFailed: 'Failed to hide section',
  restored: 'Section restored successfully.',
  restoreFailed: 'Failed to restore section',
  sectionNotFound: 'Selected section not found',
  addFailed: 'Failed to add',
  removeFailed: 'Failed to remove',
  reorderFailed: 'Failed to reorder',
  loadFailed: 'Failed to load featured items',
} as const;

/**
 * The slugs a new section tries, in order: the header's slug, then the same with -2 … -16.
 * A header with no letters or digits gets 'section'.
 */
export function sectionSlugCandidates(header: string): string[] {
  const base = slugify(header) || 'section';
  const out = [base];
  for (let n = 2; n <= SLUG_LAST_SUFFIX; n++) out.push(`${base}-${n}`);
  return out;
}

type DateLike = Date | string | null | undefined;
const toDate = (d: DateLike) => (d ? new Date(d) : null);

/** 'End time must be after start time.' when both are set and the end is not after the start; else null. */
export function scheduleProblem(startsAt: DateLike, endsAt: DateLike): string | null {
  const start = toDate(startsAt);
  const end = toDate(endsAt);
  if (start && end && end.getTime() <= start.getTime()) return featuredMessages.endBeforeStart;
  return null;
}

export type ScheduleState = 'scheduled' | 'expired' | 'active_window' | 'permanent';

/**
 * Where an item stands: scheduled (starts later), expired (ended), active with a window (either
 * bound set, now inside it), or permanent (no bounds).
 */
export function scheduleState(startsAt: DateLike, endsAt: DateLike, now: Date): ScheduleState {
  const start = toDate(startsAt);
  const end = toDate(endsAt);
  if (!start && !end) return 'permanent';
  if (start && start.getTime() > now.getTime()) return 'scheduled';
  if (end && end.getTime() < now.getTime()) return 'expired';
  return 'active_window';
}

const fullDate = (d: Date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(d);

/** The spec's schedule labels: 'Starts {date}', 'Expired {date}', 'Scheduled', 'Always visible'. */
export function scheduleLabel(
  startsAt: DateLike,
  endsAt: DateLike,
  now: Date,
  format: (d: Date) => string = fullDate,
): string {
  switch (scheduleState(startsAt, endsAt, now)) {
    case 'scheduled':
      return `Starts ${format(new Date(startsAt!))}`;
    case 'expired':
      return `Expired ${format(new Date(endsAt!))}`;
    case 'active_window':
      return 'Scheduled';
    case 'permanent':
      return 'Always visible';
  }
}

/** A preset window: from now to now + days. */
export function schedulePreset(days: number, now: Date): { startsAt: Date; endsAt: Date } {
  return { startsAt: new Date(now), endsAt: new Date(now.getTime() + days * DAY_MS) };
}

/** When a section hidden at `deletedAt` is deleted for good. */
export function purgeAt(deletedAt: Date | string): Date {
  return new Date(new Date(deletedAt).getTime() + FEATURED_PURGE_DAYS * DAY_MS);
}

/**
 * Whole days left before a hidden section is deleted: rounded up, from 0 to 30 (a clock slightly
 * behind the server's never shows 31).
 */
export function daysUntilPurge(deletedAt: Date | string, now: Date): number {
  const left = purgeAt(deletedAt).getTime() - now.getTime();
  return Math.min(FEATURED_PURGE_DAYS, Math.max(0, Math.ceil(left / DAY_MS)));
}

/** The countdown text of a hidden section. */
export function purgeCountdownText(deletedAt: Date | string, now: Date): string {
  const days = daysUntilPurge(deletedAt, now);
  if (days === 0) return 'Permanently deleted within the hour';
  return `Permanently deleted in ${days} ${days === 1 ? 'day' : 'days'}`;
}
