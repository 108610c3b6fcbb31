import type { ReviewStatus } from './programs';

const labels: Record<string, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  changes_requested: 'Changes requested',
  pending_changes: 'Changes pending approval',
  published: 'Published',
  unpublished: 'Unpublished',
};

/**
 * Labels of review statuses in plain words (decision 026: the spec's 'update' for pending_changes and
 * the raw 'changes_requested' read as prototype words); 'approved' reads as published, unknown values as draft.
 */
export function reviewStatusLabel(status: string): string {
  if (status === 'approved') return labels.published as string;
  return labels[status] ?? (labels.draft as string);
}

export type SuperAction = 'approve' | 'request_changes' | 'delete';

/**
 * What a super admin may do per status: draft and changes_requested wait for submission (delete only);
 * submitted and pending changes can be approved or sent back; anything else can be sent back.
 */
export function superActions(status: ReviewStatus): SuperAction[] {
  switch (status) {
    case 'draft':
    case 'changes_requested':
      return ['delete'];
    case 'submitted':
    case 'pending_changes':
      return ['approve', 'request_changes', 'delete'];
    default:
      return ['request_changes', 'delete'];
  }
}

/** Where a preview reads its form: the pending form while one waits for approval, else the working form. */
export function previewSource(status: ReviewStatus): 'pending' | 'working' {
  return status === 'pending_changes' || status === 'submitted' ? 'pending' : 'working';
}
