import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../../../components/ui/BackLink';
import { AuditLogPage } from '../../../../../features/audit/AuditLogPage';

export const Route = createFileRoute('/_authed/org/$orgSlug/admin/audit')({
  component: function OrgAuditRoute() {
    const { org } = Route.useRouteContext();
    return (
      <AuditLogPage
        where={{ org: org.slug }}
        title={`Audit log · ${org.name}`}
        eyebrow={org.name}
        back={
          <BackLink to="/org/$orgSlug/admin" params={{ orgSlug: org.slug }}>
            Back to {org.name} admin
          </BackLink>
        }
      />
    );
  },
});
