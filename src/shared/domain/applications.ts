/** Application statuses (spec 001 §9); draft is hidden from My Submissions. */
export const applicationStatuses = [
  'draft',
  'submitted',
  'reviewing',
  'accepted',
  'rejected',
  'waitlisted',
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
