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
 * - A late-submission link the applicant redeemed (decision 064) gives them a late window after the
 *   deadline above until the link's expiry: like grace, only a draft (started before or through the
 *   link) may be saved and submitted then, and what is submitted is marked late. An expiry earlier
 *   than the deadline above changes nothing.
 */
export interface DeadlineInput {
  openAt: Date | string | null | undefined;
  closeAt: Date | string | null | undefined;
  personalCloseAt?: Date | string | null;
  graceMinutes?: number | null;
  /** The expiry of the late-submission link this applicant redeemed (decision 064). */
  linkCloseAt?: Date | string | null;
}

export type ApplicantWindow = WindowState | 'grace';

export interface ApplicantDeadline {
  /** The close time shown to this applicant (null: no deadline). */
  closeAt: Date | null;
  /** The personal close time decides. */
  personal: boolean;
  /** End of the late window after `closeAt`: the grace period, or a redeemed link's expiry (null: none). */
  graceUntil: Date | null;
  /** The late window is a late-submission link's (only present when true). */
  link?: true;
}

/** Longest grace period a program may set (one day). */
export const MAX_GRACE_MINUTES = 1440;

const at = (v: Date | string | null | undefined) => (v ? new Date(v) : null);

export function applicantDeadline(input: DeadlineInput): ApplicantDeadline {
  const base = withoutLink(input);
  const link = at(input.linkCloseAt);
  const last = base.graceUntil ?? base.closeAt;
  // A link matters only after a deadline, and only when it reaches past everything else.
  if (link && last && link.getTime() > last.getTime()) return { ...base, graceUntil: link, link: true };
  return base;
}

/** The last moment this applicant may still submit (their deadline, or the end of their late window). */
export function applicantLastMoment(d: ApplicantDeadline): Date | null {
  return d.graceUntil ?? d.closeAt;
}

function withoutLink(input: DeadlineInput): ApplicantDeadline {
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
  link: 'You opened a late-submission link. You can still start or finish your application; it will be marked late.',
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
