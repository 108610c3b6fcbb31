import { Link } from '@tanstack/react-router';
import { ClipboardCheck, FileText, Home, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn, focusRing } from '../ui/cn';

export type QuickAccessBarProps = {
  /** Show 'Reviews' (only for users with reviewer program assignments). */
  showReviews?: boolean;
  className?: string;
};

const linkClass = cn(
  'inline-flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  focusRing,
);
const activeClass = 'bg-blue-50 text-blue-800 hover:bg-blue-50 hover:text-blue-800';

function Item({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      {/* Paths are built by other areas: cast keeps this bar free of their route types. */}
      <Link
        to={href as '/'}
        className={linkClass}
        activeProps={{ className: activeClass, 'aria-current': 'page' }}
        activeOptions={{ exact: href === '/' }}
      >
        {icon}
        {children}
      </Link>
    </li>
  );
}

/** Home, Profile, My Submissions, and 'Reviews' when `showReviews`. */
export function QuickAccessBar({ showReviews = false, className }: QuickAccessBarProps) {
  const icon = 'size-4';
  return (
    <nav
      aria-label="Quick access"
      className={cn('rounded-xl border border-slate-200 bg-white p-1 shadow-sm', className)}
    >
      <ul className="flex gap-1 overflow-x-auto">
        <Item href="/" icon={<Home className={icon} aria-hidden="true" />}>
          Home
        </Item>
        <Item href="/profile" icon={<User className={icon} aria-hidden="true" />}>
          Profile
        </Item>
        <Item href="/my-submissions" icon={<FileText className={icon} aria-hidden="true" />}>
          My Submissions
        </Item>
        {showReviews && (
          <Item href="/review" icon={<ClipboardCheck className={icon} aria-hidden="true" />}>
            Reviews
          </Item>
        )}
      </ul>
    </nav>
  );
}
