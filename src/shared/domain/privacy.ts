/**
 * Applicants' rights over their data (issue 33 items 21–23, decision 056): the words the profile
 * page, the server and the audit log share.
 */

/** What a deleted account is called wherever the organizations still see its applications. */
export const deletedApplicantLabel = (n: number) => `Deleted applicant #${n}`;

/** The sign-in address a deleted account keeps (unique, and undeliverable by design: RFC 2606). */
export const deletedApplicantEmail = (n: number) => `deleted-applicant-${n}@erased.invalid`;

/** The word the applicant types to confirm. */
export const DELETE_ACCOUNT_WORD = 'DELETE';

export const privacyMessages = {
  confirm: `Type ${DELETE_ACCOUNT_WORD} to confirm.`,
  staff:
    'Your account has staff roles (admin, reviewer, coalition manager or super admin). Ask a super admin to remove them before deleting your account.',
  deleted: 'Your account was deleted. Your personal data is erased.',
  alreadyDeleted: 'This account was already deleted.',
  notRestorable: 'This account was deleted by its owner and its personal data erased: it cannot be restored.',
  retentionRange: 'Choose between 1 and 120 months, or keep applications.',
};

/** Retention of a program's applications after it closes: 1–120 months; null keeps them. */
export const RETENTION_MONTHS_MAX = 120;

export const retentionLabel = (months: number | null) =>
  months === null
    ? 'Keep applications'
    : `Delete applications ${months} month${months === 1 ? '' : 's'} after the program closes`;

/** A deleted account's address: nothing is ever sent to it. */
export const isErasedAddress = (address: string) => /@erased\.invalid$/i.test(address.trim());

/** Why an email was not sent: its recipient deleted their account. */
export const SKIPPED_ERASED = 'Not sent: the account was deleted.';
