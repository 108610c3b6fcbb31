import type { ReactNode } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'purple';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
};

/**
 * The one status → colour map (program review status, application status, review decisions,
 * roles, assignment status). Add new statuses here, never ad hoc.
 */
export const statusTone: Record<string, BadgeTone> = {
  // program review status
  draft: 'neutral',
  submitted: 'info',
  pending_changes: 'warning',
  changes_requested: 'warning',
  published: 'success',
  unpublished: 'neutral',
  // applications and reviews
  in_progress: 'info',
  under_review: 'info',
  reviewing: 'purple',
  accepted: 'success',
  approved: 'success',
  waitlisted: 'warning',
  rejected: 'danger',
  declined: 'danger',
  withdrawn: 'neutral',
  // records
  active: 'success',
  revoked: 'neutral',
  expired: 'warning',
  deleted: 'danger',
  hidden: 'neutral',
  // webhook endpoints and deliveries
  enabled: 'success',
  disabled: 'danger',
  succeeded: 'success',
  failed: 'danger',
  pending: 'info',
  // roles
  superadmin: 'purple',
  admin: 'info',
  reviewer: 'success',
  coalition_manager: 'warning',
  applicant: 'neutral',
};

/**
 * Review statuses (spec 001 §4): their raw names clash with the application statuses above
 * ('draft', 'submitted') but mean something else, so they have their own row of the map here.
 */
export const reviewStatusTone: Record<string, BadgeTone> = {
  not_started: 'neutral',
  draft: 'warning',
  submitted: 'success',
};

/** Score sheets (independent scoring): assigned, being scored, submitted. */
export const sheetStatusTone: Record<string, BadgeTone> = {
  assigned: 'info',
  draft: 'warning',
  submitted: 'success',
};

/** 'changes_requested' → 'Changes requested'. */
export function statusLabel(status: string): string {
  const s = status.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export type BadgeProps = {
  /** A known status: picks the colour (and the label when no children are given). */
  status?: string;
  /** Explicit colour when there is no status. */
  tone?: BadgeTone;
  children?: ReactNode;
  className?: string;
};

export function Badge({ status, tone, children, className }: BadgeProps) {
  const t = tone ?? (status ? (statusTone[status] ?? 'neutral') : 'neutral');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[t],
        className,
      )}
    >
      {children ?? (status ? statusLabel(status) : null)}
    </span>
  );
}
