import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export type CardProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  /** Optional heading (rendered as h2 unless headingLevel says otherwise). */
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the top right of the card. */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  /** Remove the default padding (e.g. for tables that touch the edges). */
  flush?: boolean;
};

/** A white surface: rounded-xl, border, shadow-sm. */
export function Card({
  title,
  description,
  actions,
  headingLevel = 2,
  flush,
  className,
  children,
  ...props
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'rounded-xl border border-slate-200 bg-white shadow-sm',
        !flush && 'p-4 sm:p-6',
        className,
      )}
      {...props}
    >
      {(title || actions) && (
        <div className={cn('flex flex-wrap items-start justify-between gap-3', flush && 'p-4 sm:p-6')}>
          <div className="min-w-0">
            {title && <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>}
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children && (title || actions) && !flush ? <div className="mt-4">{children}</div> : children}
    </div>
  );
}
