import { createFileRoute } from '@tanstack/react-router';
import { EntityNotFound } from '../../features/access/EntityNotFound';
import { missing } from '../../features/access/guards';
import { coalitionQuery } from '../../features/access/queries';
import { EntityPrograms } from '../../features/public/EntityPrograms';

export const Route = createFileRoute('/coalitions/$slug')({
  loader: async ({ context, params }) => {
    const coalition = await context.queryClient.fetchQuery(coalitionQuery(params.slug));
    if (!coalition) throw missing('Coalition');
    return coalition;
  },
  notFoundComponent: () => <EntityNotFound kind="Coalition" />,
  component: function PublicCoalitionPage() {
    return <EntityPrograms kind="coalition" entity={Route.useLoaderData()} />;
  },
});
