import { createFileRoute } from '@tanstack/react-router';
import { EntityNotFound } from '../../../features/access/EntityNotFound';
import { missing } from '../../../features/access/guards';
import { orgQuery } from '../../../features/access/queries';
import { EntityPrograms } from '../../../features/public/EntityPrograms';

export const Route = createFileRoute('/org/$orgSlug/')({
  loader: async ({ context, params }) => {
    const org = await context.queryClient.fetchQuery(orgQuery(params.orgSlug));
    if (!org) throw missing('Organization');
    return org;
  },
  notFoundComponent: () => <EntityNotFound kind="Organization" />,
  component: function PublicOrgPage() {
    return <EntityPrograms kind="organization" entity={Route.useLoaderData()} />;
  },
});
