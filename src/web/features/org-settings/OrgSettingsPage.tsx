import { ExternalLink } from 'lucide-react';
import type { PublicOrg } from '../../../shared/schemas/public';
import { BackLink } from '../../components/ui/BackLink';
import { buttonClasses } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { OrgSettingsForm } from './OrgSettingsForm';

/** /org/{slug}/admin/settings: the org admin hub's Organization Settings card. */
export function OrgSettingsPage({ org }: { org: PublicOrg }) {
  usePageTitle(`Organization settings · ${org.name}`);
  return (
    <DashboardShell showReviews>
      <PageHeader
        back={
          <BackLink to="/org/$orgSlug/admin" params={{ orgSlug: org.slug }}>
            Back to {org.name} admin
          </BackLink>
        }
        eyebrow={org.name}
        title="Organization settings"
        description="What applicants see on your public page and in the emails you send."
        actions={
          <a
            href={`/org/${encodeURIComponent(org.slug)}`}
            className={buttonClasses({ variant: 'secondary' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            View public page
          </a>
        }
      />
      <div className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <OrgSettingsForm slug={org.slug} />
      </div>
    </DashboardShell>
  );
}
