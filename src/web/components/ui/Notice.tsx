import { cn } from './cn';

export type NoticeValue = { kind: 'success' | 'error'; text: string };

/** The outcome of an action shown inline under it: an alert when it failed, a status when it worked. */
export function Notice({ notice, className }: { notice: NoticeValue; className?: string }) {
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-3 py-2 text-sm font-medium',
        notice.kind === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-green-200 bg-green-50 text-green-800',
        className,
      )}
    >
      {notice.text}
    </p>
  );
}
