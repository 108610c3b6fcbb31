import { Link } from '@tanstack/react-router';
import { ClipboardCheck, FileText, Home, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

export type QuickAccessBarProps = {
  /** Show 'Reviews' (only for users with reviewer program assignments). */
  showReviews?: boolean;
  className?: string;
};

const linkClass = cn(
  'inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3',
  // Inset ring: the scrolling list would clip an outset one.
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
);
const activeClass = 'bg-blue-50 text-blue-800 hover:bg-blue-50 hover:text-blue-800';

function Item({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li className="shrink-0">
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
  // Icons from 640 px up: on a phone the four labels alone fit in one row.
  const icon = 'hidden size-4 sm:block';
  return (
    <nav aria-label="Quick access" className={cn('border-b border-slate-200 bg-white', className)}>
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-1.5 py-1.5 sm:px-3">
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
