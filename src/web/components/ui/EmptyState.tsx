import type { ReactNode } from 'react';
import { cn } from './cn';

export type EmptyStateProps = {
  /** The spec's empty text. */
  title: ReactNode;
  description?: ReactNode;
  /** A lucide icon element, e.g. <Inbox />. */
  icon?: ReactNode;
  /** A button or link. */
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      {icon && (
        <div className="mb-1 text-slate-500 [&_svg]:size-8" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="font-medium text-slate-900">{title}</p>
      {description && <p className="max-w-md text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
