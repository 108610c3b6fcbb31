import { createFileRoute } from '@tanstack/react-router';
import { Pending } from '../../../../features/access/Pending';
import { ProgramReviewersPage } from '../../../../features/program-assignments/ProgramReviewersPage';
import { requireProgramAdmin } from '../../../../features/reviews/program-admin';

/** One program's reviewers and admins, for its program admins, org admins and super admins. */
export const Route = createFileRoute('/_authed/review/$programId/reviewers')({
  beforeLoad: async ({ context, params }) => ({
    program: await requireProgramAdmin(context.queryClient, params.programId),
  }),
  pendingComponent: () => <Pending text="Checking access…" />,
  component: function ProgramReviewersRoute() {
    const { program } = Route.useRouteContext();
    return <ProgramReviewersPage key={program.id} program={program} />;
  },
});
