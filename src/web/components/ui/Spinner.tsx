import { cn } from './cn';

type SpinnerProps = {
  className?: string;
  /** When given, the spinner announces itself (role status) with this text; otherwise it is decorative. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const circle = (
    <svg className={cn('size-4 animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (!label) return circle;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}
