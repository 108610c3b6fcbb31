import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { cn } from './cn';

export type ErrorStateProps = {
  /** The spec's error text, e.g. 'Failed to load organizations'. */
  message: ReactNode;
  /** Shows a Retry button. */
  onRetry?: () => void;
  /** The retry is running (button spinner). */
  retrying?: boolean;
  className?: string;
};

export function ErrorState({ message, onRetry, retrying, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center',
        className,
      )}
    >
      <AlertTriangle className="size-6 text-red-700" aria-hidden="true" />
      <p className="font-medium text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      )}
    </div>
  );
}
