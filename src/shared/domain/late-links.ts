/**
 * Late-submission links (issue 31 item 4, decision 064): an admin lets one person or a named group
 * start or finish an application after the program's close, a number of times, until an expiry.
 * Pure: the server decides with these rules, the pages show the same words.
 */

/** Most uses one link may have. */
export const MAX_LATE_LINK_USES = 500;
/** Longest label of a group link. */
export const MAX_LATE_LINK_LABEL = 120;

export type LateLinkStatus = 'active' | 'used_up' | 'expired' | 'revoked';

export interface LateLinkState {
  uses: number;
  maxUses: number;
  expiresAt: Date | string;
  revokedAt: Date | string | null;
}

/** Where a link stands now: revoked first, then expired, then used up. */
export function lateLinkStatus(link: LateLinkState, now: Date): LateLinkStatus {
  if (link.revokedAt) return 'revoked';
  if (new Date(link.expiresAt).getTime() < now.getTime()) return 'expired';
  if (link.uses >= link.maxUses) return 'used_up';
  return 'active';
}

export const lateLinkStatusLabels: Record<LateLinkStatus, string> = {
  active: 'Active',
  used_up: 'Used up',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** The web address of a link's token (`/late/<token>`). */
export const lateLinkPath = (token: string) => `/late/${token}`;

export const lateLinkMessages = {
  title: 'Late-submission links',
  intro:
    'A link lets one person, or a group you name, start or finish an application after the deadline, until the link expires. Submissions through a link are marked late.',
  whoRequired: 'Enter the person’s email address or a name for the group.',
  emailInvalid: 'Enter a valid email address.',
  mustBeFuture: 'Choose an expiry in the future.',
  usesRange: `Between 1 and ${MAX_LATE_LINK_USES} uses.`,
  created: 'Link created. Copy it now: it is shown only once.',
  revoked: 'Link revoked',
  revokeConfirm:
    'Nobody can open this link any more, and whoever opened it but has not submitted can no longer submit through it.',
  notFound: 'This late-submission link is not valid. Check that you copied the whole link.',
  refused: {
    revoked: 'This late-submission link was revoked by the organization.',
    expired: 'This late-submission link has expired.',
    used_up: 'This late-submission link has already been used.',
  } satisfies Record<Exclude<LateLinkStatus, 'active'>, string>,
  wrongPerson:
    'This late-submission link was made for someone else. Sign in with the email address it was sent to.',
  alreadySubmitted: 'You have already submitted an application to this program.',
  programGone: 'This program is no longer accepting applications.',
  alreadyRevoked: 'This link is already revoked.',
} as const;
