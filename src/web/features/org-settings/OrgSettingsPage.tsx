import { ExternalLink } from 'lucide-react';
import type { PublicOrg } from '../../../shared/schemas/public';
import { buttonClasses } from '../../components/ui/Button';
import { usePageTitle } from '../../lib/title';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { OrgSettingsForm } from './OrgSettingsForm';

/** /org/{slug}/admin/settings: the org admin hub's Organization Settings card. */
export function OrgSettingsPage({ org }: { org: PublicOrg }) {
  usePageTitle(`Organization settings · ${org.name}`);
  return (
    <OrgAdminPage
      org={org}
      title="Organization settings"
      description="What applicants see on your public page and in the emails you send."
      actions={
        <a href={`/org/${encodeURIComponent(org.slug)}`} className={buttonClasses({ variant: 'secondary' })}>
          <ExternalLink className="size-4" aria-hidden="true" />
          View public page
        </a>
      }
    >
      <div className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <OrgSettingsForm slug={org.slug} />
      </div>
    </OrgAdminPage>
  );
}
