import { decisionColor, decisionLabel } from '../../../shared/domain/decisions';
import { cn } from './cn';

/**
 * A review decision in its colour (spec 001 §4: fixed for the ten named values, derived from the
 * text otherwise) and its label ('accept' reads 'Accepted'). Every screen that shows a decision,
 * reviewers', admins' and applicants', uses this one badge.
 */
export function DecisionBadge({ decision, className }: { decision: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        decisionColor(decision).className,
        className,
      )}
    >
      {decisionLabel(decision)}
    </span>
  );
}
