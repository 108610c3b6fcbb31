export const programTypes = ['audition', 'scholarship', 'application', 'competition'] as const;
export type ProgramType = (typeof programTypes)[number];

export const reviewStatuses = [
  'draft',
  'submitted',
  'changes_requested',
  'pending_changes',
  'published',
  'unpublished',
] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The window of a program by the given clock: before open_at, open, or after close_at. */
export type WindowState = 'not_open' | 'open' | 'closed';

export function windowState(
  openAt: Date | string | null | undefined,
  closeAt: Date | string | null | undefined,
  now: Date,
): WindowState {
  if (openAt && new Date(openAt).getTime() > now.getTime()) return 'not_open';
  if (closeAt && new Date(closeAt).getTime() < now.getTime()) return 'closed';
  return 'open';
}
