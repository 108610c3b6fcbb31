import { createFileRoute, redirect } from '@tanstack/react-router';
import { programQuery } from '../../../features/access/queries';
import { ProgramPage } from '../../../features/programs/ProgramPage';

/** Public program page: unpublished or missing programs go to /unauthorized. */
export const Route = createFileRoute('/programs/$id/')({
  loader: async ({ context, params }) => {
    const program = await context.queryClient.fetchQuery(programQuery(params.id)).catch(() => null);
    if (!program) throw redirect({ to: '/unauthorized' });
    return program;
  },
  component: function PublicProgramRoute() {
    return <ProgramPage program={Route.useLoaderData()} />;
  },
});
