import { createFileRoute } from '@tanstack/react-router';
import { Pending } from '../../../../features/access/Pending';
import { PublishProgramPage } from '../../../../features/results/PublishProgramPage';
import { requireProgramAdmin } from '../../../../features/reviews/program-admin';

/** One program's Results Queue, for its program admins, org admins and super admins. */
export const Route = createFileRoute('/_authed/review/$programId/publish')({
  beforeLoad: async ({ context, params }) => ({
    program: await requireProgramAdmin(context.queryClient, params.programId),
  }),
  pendingComponent: () => <Pending text="Checking access…" />,
  component: function ProgramPublishRoute() {
    const { program } = Route.useRouteContext();
    return <PublishProgramPage key={program.id} programId={program.id} />;
  },
});
