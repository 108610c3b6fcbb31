/** Application statuses (spec 001 §9); draft is hidden from My Submissions. */
export const applicationStatuses = [
  'draft',
  'submitted',
  'reviewing',
  'accepted',
  'rejected',
  'waitlisted',
  /** Withdrawn by its applicant (issue 31): kept for the record, out of review and publishing. */
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Answers change only in these statuses (a decided or reviewed application is settled). */
export const answerableStatuses: readonly ApplicationStatus[] = ['draft', 'submitted'];

export const applicationMessages = {
  loadFailed: 'Failed to load application',
  saveFailed: 'Save failed',
  submitFailed: 'Submit failed',
  submitted: 'Application submitted!',
  changesSaved: 'Changes saved!',
  notFound: 'Not authorized or application not found',
  comingSoon: 'Application Coming Soon',
  closed: 'Application Closed',
  locked: 'Application is locked - deadline has passed',
  notYetOpen: 'Cannot submit - application has not opened yet',
  deadlinePassed: 'Cannot submit - deadline has passed',
  notOpen: 'Cannot submit - application is not currently open',
  settled: 'This application can no longer be changed.',
  stale: 'This application was changed in another tab or device since you opened it.',
  previewFailed: 'Unable to load application preview',
  genericPreviewTitle: 'Application Preview',
  genericPreviewText:
    "We can't pull up your application at this moment. Please try again later or contact support if the issue persists.",
  noApplications: 'No applications yet',
} as const;

/** Withdraw and reinstate (issue 31 item 5; decision 058). */
export const withdrawMessages = {
  action: 'Withdraw application',
  confirmTitle: 'Withdraw this application?',
  confirmBody:
    'It will no longer be reviewed and you will not be able to change it. The organization keeps it for its records and can reinstate it.',
  reasonLabel: 'Reason (optional)',
  withdrawn: 'Application withdrawn',
  banner: 'You withdrew this application.',
  onlySubmitted: 'Only a submitted application can be withdrawn.',
  published: 'Results are published: this application can no longer be withdrawn.',
  reinstate: 'Reinstate application',
  reinstated: 'Application reinstated',
  notWithdrawn: 'This application is not withdrawn.',
  adminBanner: 'Withdrawn by the applicant',
} as const;

/** An applicant may withdraw a submitted application until its result is published. */
export function mayWithdraw(status: ApplicationStatus, resultPublished: boolean): boolean {
  return status === 'submitted' && !resultPublished;
}
