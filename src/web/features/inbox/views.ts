import type { InboxStatus } from '../../../shared/schemas/reviews';

/** The inbox's views, in the order of its buttons (docs/decisions/019, 037 and 063). */
export const inboxViews: { value: InboxStatus; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No reviews yet.' },
  { value: 'not_started', label: 'New', empty: 'No new applications: every one has a review.' },
  { value: 'draft', label: 'In review', empty: 'No reviews in progress.' },
  { value: 'submitted', label: 'Finalized', empty: 'No finalized reviews yet.' },
  {
    value: 'changes_requested',
    label: 'Changes requested',
    empty: 'No open change requests: no applicant has changes due.',
  },
  { value: 'published', label: 'Published', empty: 'No results published yet.' },
  {
    value: 'unsubmitted',
    label: 'Not submitted',
    empty: 'No drafts: every application started was submitted.',
  },
  { value: 'started', label: 'Started', empty: 'No applications started yet.' },
];

export const isInboxView = (v: unknown): v is InboxStatus => inboxViews.some((view) => view.value === v);
