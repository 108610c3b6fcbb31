import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '../../../features/audit/AuditLogPage';
import { SuperAdminBackLink } from '../../../features/super/SuperAdminPage';

export const Route = createFileRoute('/_authed/super/audit')({
  component: function SuperAuditRoute() {
    return (
      <AuditLogPage
        where={{ platform: true }}
        title="Audit log"
        eyebrow="Super Admin"
        back={<SuperAdminBackLink />}
      />
    );
  },
});
