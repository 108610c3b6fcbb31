import type { ReactNode } from 'react';

export type PageHeaderProps = {
  /** A <BackLink> above the title. */
  back?: ReactNode;
  /** Small context line above the title (organization, area). */
  eyebrow?: ReactNode;
  /** The page's one h1. */
  title: ReactNode;
  /** Beside the title (a status badge). */
  badge?: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons at the right (wrapping under the title on phones). */
  actions?: ReactNode;
  className?: string;
};

/** Back link, context line, h1, description and actions: the same top on every page. */
export function PageHeader({
  back,
  eyebrow,
  title,
  badge,
  description,
  actions,
  className,
}: PageHeaderProps) {
  return (
    <header className={className}>
      {back && <div className="mb-4">{back}</div>}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          {eyebrow && <p className="text-sm font-medium text-slate-600">{eyebrow}</p>}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
            {badge}
          </div>
          {description && <div className="mt-1 text-slate-600">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
