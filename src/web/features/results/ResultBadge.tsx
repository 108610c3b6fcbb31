import { decisionColor } from '../../../shared/domain/decisions';
import { resultLabel } from '../../../shared/domain/results';
import { cn } from '../../components/ui/cn';

/** A published decision as the applicant reads it ('Accepted', 'Waitlisted', 'Not selected'), in its colour. */
export function ResultBadge({ decision, className }: { decision: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        decisionColor(decision).className,
        className,
      )}
    >
      {resultLabel(decision)}
    </span>
  );
}
