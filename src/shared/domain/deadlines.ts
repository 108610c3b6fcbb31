import type { WindowState } from './programs';

/**
 * The deadline that applies to one applicant (issue 31 item 3; decision 058). One rule, used by the
 * server to accept or refuse saves and submits and by the pages to show the applicant's deadline.
 *
 * - The program's close time is everyone's deadline.
 * - A personal close time set by an admin on one application replaces it for that applicant when it
 *   gives more time than everyone has (close + grace): an extension never shortens anyone's window.
 * - A program-wide grace period (minutes after close, off by default) accepts a draft already started
 *   until close + grace; what is submitted then is marked late. It follows the program's close only:
 *   a personal close time is itself the exception and has no grace after it.
 */
export interface DeadlineInput {
  openAt: Date | string | null | undefined;
  closeAt: Date | string | null | undefined;
  personalCloseAt?: Date | string | null;
  graceMinutes?: number | null;
}

export type ApplicantWindow = WindowState | 'grace';

export interface ApplicantDeadline {
  /** The close time shown to this applicant (null: no deadline). */
  closeAt: Date | null;
  /** The personal close time decides. */
  personal: boolean;
  /** End of the grace period after the program's close (null: no grace). */
  graceUntil: Date | null;
}

/** Longest grace period a program may set (one day). */
export const MAX_GRACE_MINUTES = 1440;

const at = (v: Date | string | null | undefined) => (v ? new Date(v) : null);

export function applicantDeadline(input: DeadlineInput): ApplicantDeadline {
  const close = at(input.closeAt);
  const personal = at(input.personalCloseAt);
  const grace = input.graceMinutes && input.graceMinutes > 0 ? input.graceMinutes : 0;
  const graceUntil = close && grace ? new Date(close.getTime() + grace * 60_000) : null;
  const everyone = graceUntil ?? close;
  // A personal close time counts only when it gives more time than everyone has (close + grace).
  if (personal && (!everyone || personal.getTime() > everyone.getTime()))
    return { closeAt: personal, personal: true, graceUntil: null };
  return { closeAt: close, personal: false, graceUntil };
}

/**
 * Where this applicant stands now: not open yet, open (before their deadline), grace (after the
 * program's close, inside the grace period: only a draft already started may still be saved and
 * submitted, and is marked late), or closed.
 */
export function applicantWindow(input: DeadlineInput, now: Date): ApplicantWindow {
  const open = at(input.openAt);
  if (open && open.getTime() > now.getTime()) return 'not_open';
  const d = applicantDeadline(input);
  if (!d.closeAt || d.closeAt.getTime() >= now.getTime()) return 'open';
  if (d.graceUntil && d.graceUntil.getTime() >= now.getTime()) return 'grace';
  return 'closed';
}

export const deadlineMessages = {
  personal: 'Your deadline',
  personalNote: 'Your deadline was extended by the organization.',
  grace:
    'The deadline has passed. You can still submit during the grace period; your application will be marked late.',
  late: 'Late',
  setTitle: 'Personal deadline',
  set: 'Deadline extended',
  cleared: 'Personal deadline removed',
  mustBeFuture: 'Choose a time in the future.',
  notInProgram: 'Some of these applications are not in this program.',
  graceLabel: 'Grace period (minutes after close)',
  graceSaved: 'Grace period saved',
} as const;
