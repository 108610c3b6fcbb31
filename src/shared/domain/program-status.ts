import type { ReviewStatus } from './programs';

/** Labels of review statuses ('pending_changes' is shown as 'update'; unknown values as draft). */
export function reviewStatusLabel(status: string): string {
  if (status === 'pending_changes') return 'update';
  if (status === 'approved') return 'published';
  return (['draft', 'submitted', 'changes_requested', 'published', 'unpublished'] as string[]).includes(
    status,
  )
    ? status
    : 'draft';
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
