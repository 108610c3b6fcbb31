/**
 * The org admin's home (issue 33 item 20): what needs them, each number opening the filtered screen.
 * The server counts with these rules; the screens it links to filter with the same ones.
 */

/** "Closing this week": a published program whose application window closes within this many days. */
export const CLOSING_SOON_DAYS = 7;

/** A visit this long after the last one starts a new visit ("since your last visit" moves on). */
export const VISIT_GAP_MINUTES = 30;

/** On an admin's first visit, "new submissions" counts this many days back. */
export const FIRST_VISIT_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The program is published and its window closes after now and within CLOSING_SOON_DAYS. */
export function closesThisWeek(
  program: { published: boolean; close_at: string | null },
  now: Date = new Date(),
): boolean {
  if (!program.published || !program.close_at) return false;
  const close = new Date(program.close_at).getTime();
  return close > now.getTime() && close <= now.getTime() + CLOSING_SOON_DAYS * DAY_MS;
}

/** The filters of the organization's Programs page that the admin home links to. */
export const programFilters = ['closing', 'changes_requested'] as const;
export type ProgramFilter = (typeof programFilters)[number];

export function matchesProgramFilter(
  filter: ProgramFilter,
  program: { published: boolean; close_at: string | null; review_status: string },
  now: Date = new Date(),
): boolean {
  return filter === 'closing' ? closesThisWeek(program, now) : program.review_status === 'changes_requested';
}
