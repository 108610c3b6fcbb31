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

const cards: HubCard[] = [
  {
    title: 'Organizations',
    description: 'Create, delete and restore organizations.',
    icon: Building2,
    to: '/super/orgs',
  },
  {
    title: 'Programs',
    description: 'Review, approve and publish programs.',
    icon: ClipboardCheck,
    to: '/super/programs',
  },
  {
    title: 'Coalitions',
    description: 'Manage coalitions and their member organizations.',
    icon: Network,
    to: '/super/coalitions',
  },
  {
    title: 'Featured Manager',
    description: 'Featured items on the dashboard.',
    icon: Sparkles,
    to: '/super/featured',
  },
  {
    title: 'Users',
    description: 'Roles and permissions.',
    icon: Users,
    to: '/super/users',
  },
  {
    title: 'ApplyHub Application Forms',
    description: "ApplyHub's own application forms.",
    icon: FileStack,
    to: `/org/${APPLYHUB_ORG_SLUG}/admin/programs`,
  },
  {
    title: 'Org Creation Requests',
    description: 'Organizations asking to join ApplyHub.',
    icon: Inbox,
    to: '/super/org-requests',
  },
  {
    title: 'Mailbox',
    description: 'Emails the app sent, as their recipients see them (without SMTP_URL).',
    icon: Mail,
    to: '/super/mailbox',
  },
  {
    title: 'Audit log',
    description: 'Every change of consequence across ApplyHub.',
    icon: ScrollText,
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
