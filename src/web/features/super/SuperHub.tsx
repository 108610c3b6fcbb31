import {
  Building2,
  ClipboardCheck,
  FileStack,
  Inbox,
  Mail,
  Network,
  ScrollText,
  Sparkles,
  Users,
} from 'lucide-react';
import { APPLYHUB_ORG_SLUG } from '../../../shared/domain/applyhub';
import { PageHeader } from '../../components/ui/PageHeader';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { type HubCard, HubCards } from '../dashboard/HubCards';

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
    to: '/super/org-requests',
  },
  {
    title: 'Mailbox',
    description: 'Emails the app sent, as their recipients see them (without SMTP_URL).',
    icon: <Mail aria-hidden="true" className={icon} />,
    to: '/super/mailbox',
  },
  {
    title: 'Audit log',
    description: 'Every change of consequence across ApplyHub.',
    icon: <ScrollText aria-hidden="true" className={icon} />,
    to: '/super/audit',
  },
];

export function SuperHub() {
  usePageTitle('Super Admin');
  return (
    <DashboardShell showReviews={false}>
      <PageHeader
        title="Super Admin"
        description="Govern organizations, coalitions, programs, users and featured items."
      />
      <HubCards cards={cards} />
    </DashboardShell>
  );
}
