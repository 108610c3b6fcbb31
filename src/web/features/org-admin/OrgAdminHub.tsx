import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Inbox, KeyRound, ScrollText, Send, Settings, Users, Webhook } from 'lucide-react';
import { useEffect } from 'react';
import type { PublicOrg } from '../../../shared/schemas/public';
import { PageHeader } from '../../components/ui/PageHeader';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { type HubCard, HubCards } from '../dashboard/HubCards';
import { AdminHomeNumbers } from './AdminHomeNumbers';

/** The org admin hub. Opening it makes the org admin a reviewer of the organization (server, idempotent). */
export function OrgAdminHub({ org }: { org: PublicOrg }) {
  usePageTitle(`${org.name} admin`);
  const queryClient = useQueryClient();
  useEffect(() => {
    api('POST', `/orgs/${encodeURIComponent(org.slug)}/admin/visit`)
      .then(() => queryClient.invalidateQueries({ queryKey: ['capabilities'] }))
      .catch(() => {});
  }, [org.slug, queryClient]);

  const cards: HubCard[] = [
    {
      title: 'Programs',
      description: 'Create drafts, build application forms and publish programs.',
      icon: ClipboardList,
      to: `/org/${org.slug}/admin/programs`,
    },
    {
      title: 'Reviewers',
      description: 'Assign reviewers and admins to each program.',
      icon: Users,
      to: `/org/${org.slug}/admin/reviewers`,
    },
    {
      title: 'Applications Inbox',
      description: 'Every application with its status, reviews and messages.',
      icon: Inbox,
      to: `/org/${org.slug}/admin/reviews`,
    },
    {
      title: 'Publish Results',
      description: 'Send finalized decisions to applicants.',
      icon: Send,
      to: `/org/${org.slug}/admin/publish-results`,
    },
    {
      title: 'Organization Settings',
      description: 'Name, description, website, contact email and logo.',
      icon: Settings,
      to: `/org/${org.slug}/admin/settings`,
    },
    {
      title: 'Audit log',
      description: 'Who changed what in your organization, and when.',
      icon: ScrollText,
      to: `/org/${org.slug}/admin/audit`,
    },
    {
      title: 'API tokens',
      description: 'Connect your own systems to ApplyHub with a token.',
      icon: KeyRound,
      to: `/org/${org.slug}/admin/api-tokens`,
    },
    {
      title: 'Webhooks',
      description: 'Tell your own systems when applications, reviews, results and programs change.',
      icon: Webhook,
      to: `/org/${org.slug}/admin/webhooks`,
    },
  ];

  return (
    <DashboardShell showReviews>
      <PageHeader eyebrow="Organization admin" title={org.name} />
      <AdminHomeNumbers slug={org.slug} />
      <HubCards cards={cards} />
    </DashboardShell>
  );
}
