import type { ReactNode } from 'react';
import type { PublicOrg } from '../../../shared/schemas/public';
import { BackLink } from '../../components/ui/BackLink';
import { PageHeader } from '../../components/ui/PageHeader';
import { DashboardShell } from '../dashboard/DashboardShell';

type OrgRef = Pick<PublicOrg, 'name' | 'slug'>;

/** The link every page of an org admin hub starts with. */
export function OrgAdminBackLink({ org }: { org: OrgRef }) {
  return (
    <BackLink to="/org/$orgSlug/admin" params={{ orgSlug: org.slug }}>
      Back to {org.name} admin
    </BackLink>
  );
}

/**
 * A page of the org admin hub (/org/{slug}/admin/…): the dashboard frame, then a header with the
 * organization above the title and a link back to the hub (or `back` when the page was opened from
 * elsewhere).
 */
export function OrgAdminPage({
  org,
  title,
  description,
  actions,
  back,
  children,
}: {
  org: OrgRef;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DashboardShell showReviews>
      <PageHeader
        back={back ?? <OrgAdminBackLink org={org} />}
        eyebrow={org.name}
        title={title}
        description={description}
        actions={actions}
      />
      {children}
    </DashboardShell>
  );
}
