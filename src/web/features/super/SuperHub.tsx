import { Link } from '@tanstack/react-router';
import { Building2, ClipboardCheck, FileStack, Inbox, Network, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { APPLYHUB_ORG_SLUG, ORG_APPLICATION_PROGRAM_ID } from '../../../shared/domain/applyhub';
import { cn, focusRing } from '../../components/ui/cn';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';

interface HubCard {
  title: string;
  description: string;
  icon: ReactNode;
  /** Some targets are built by later areas: the hub links by path. */
  to: string;
}

const icon = 'size-6 text-blue-600';
const cards: HubCard[] = [
  {
    title: 'Organizations',
    description: 'Create, delete and restore organizations.',
    icon: <Building2 aria-hidden="true" className={icon} />,
    to: '/super/orgs',
  },
  {
    title: 'Programs',
    description: 'Review, approve and publish programs.',
    icon: <ClipboardCheck aria-hidden="true" className={icon} />,
    to: '/super/programs',
  },
  {
    title: 'Coalitions',
    description: 'Manage coalitions and their member organizations.',
    icon: <Network aria-hidden="true" className={icon} />,
    to: '/super/coalitions',
  },
  {
    title: 'Featured Manager',
    description: 'Featured items on the dashboard.',
    icon: <Sparkles aria-hidden="true" className={icon} />,
    to: '/super/featured',
  },
  {
    title: 'Users',
    description: 'Roles and permissions.',
    icon: <Users aria-hidden="true" className={icon} />,
    to: '/super/users',
  },
  {
    title: 'ApplyHub Application Forms',
    description: "ApplyHub's own application forms.",
    icon: <FileStack aria-hidden="true" className={icon} />,
    to: `/org/${APPLYHUB_ORG_SLUG}/admin/programs`,
  },
  {
    title: 'Org Creation Requests',
    description: 'Organizations asking to join ApplyHub.',
    icon: <Inbox aria-hidden="true" className={icon} />,
    to: `/review/${ORG_APPLICATION_PROGRAM_ID}`,
  },
];

export function SuperHub() {
  usePageTitle('Super Admin');
  return (
    <DashboardShell showReviews={false}>
      <h1 className="text-2xl font-bold text-slate-900">Super Admin</h1>
      <p className="mt-1 text-slate-600">
        Govern organizations, coalitions, programs, users and featured items.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.title}>
            <Link
              to={card.to as never}
              className={cn(
                'flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-300 hover:shadow',
                focusRing,
              )}
            >
              {card.icon}
              <span className="text-lg font-semibold text-slate-900">{card.title}</span>
              <span className="text-sm text-slate-600">{card.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </DashboardShell>
  );
}
