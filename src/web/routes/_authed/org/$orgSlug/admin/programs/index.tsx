import { createFileRoute } from '@tanstack/react-router';
import { type ProgramFilter, programFilters } from '../../../../../../../shared/domain/admin-home';
import { OrgProgramsPage } from '../../../../../../features/programs-admin/OrgProgramsPage';

/**
 * ?from=super: a super admin came from /super/programs and goes back there. ?show=closing or
 * ?show=changes_requested: the admin home's numbers open the list filtered.
 */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin/programs/')({
  validateSearch: (search: Record<string, unknown>): { from?: 'super'; show?: ProgramFilter } => ({
    ...(search.from === 'super' ? { from: 'super' as const } : {}),
    ...(programFilters.includes(search.show as ProgramFilter) ? { show: search.show as ProgramFilter } : {}),
  }),
  component: function OrgProgramsRoute() {
    const { org, me } = Route.useRouteContext();
    const { from, show } = Route.useSearch();
    return <OrgProgramsPage org={org} fromSuper={from === 'super' && me.role === 'superadmin'} show={show} />;
  },
});
