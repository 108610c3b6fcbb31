import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../components/ui/BackLink';
import { AuditLogPage } from '../../../features/audit/AuditLogPage';

export const Route = createFileRoute('/_authed/super/audit')({
  component: function SuperAuditRoute() {
    return (
      <AuditLogPage
        where={{ platform: true }}
        title="Audit log"
        eyebrow="Super Admin"
        back={<BackLink to="/super">Back to Super Admin</BackLink>}
      />
    );
  },
});
