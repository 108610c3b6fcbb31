import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '../../../../../features/audit/AuditLogPage';
import { OrgAdminBackLink } from '../../../../../features/org-admin/OrgAdminPage';

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/audit')({
  component: function OrgAuditRoute() {
    const { org } = Route.useRouteContext();
    return (
      <AuditLogPage
        where={{ org: org.slug }}
        title={`Audit log · ${org.name}`}
        eyebrow={org.name}
        back={<OrgAdminBackLink org={org} />}
      />
    );
  },
});
