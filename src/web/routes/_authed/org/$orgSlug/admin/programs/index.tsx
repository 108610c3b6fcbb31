import { createFileRoute } from '@tanstack/react-router';
import { OrgProgramsPage } from '../../../../../../features/programs-admin/OrgProgramsPage';

/** ?from=super: a super admin came from /super/programs and goes back there. */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin/programs/')({
  validateSearch: (search: Record<string, unknown>): { from?: 'super' } =>
    search.from === 'super' ? { from: 'super' } : {},
  component: function OrgProgramsRoute() {
    const { org, me } = Route.useRouteContext();
    const { from } = Route.useSearch();
    return <OrgProgramsPage org={org} fromSuper={from === 'super' && me.role === 'superadmin'} />;
  },
});
