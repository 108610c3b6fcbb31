import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireSignedIn } from '../../../features/access/guards';
import { Pending } from '../../../features/access/Pending';
import { programQuery } from '../../../features/access/queries';
import { ScreeningPage } from '../../../features/screening/ScreeningPage';

/** The eligibility step before a program's application (decision 061): signed in only. */
export const Route = createFileRoute('/programs/$id/screening')({
  // From a draft whose applicant's own deadline runs past the program's close (ScreeningFirst).
  validateSearch: (search: Record<string, unknown>): { application?: string } =>
    typeof search.application === 'string' ? { application: search.application } : {},
  beforeLoad: async ({ context, location }) => ({
    me: await requireSignedIn(context.queryClient, location.href),
  }),
  loader: async ({ context, params }) => {
    const program = await context.queryClient.fetchQuery(programQuery(params.id)).catch(() => null);
    if (!program) throw redirect({ to: '/unauthorized' });
    return program;
  },
  pendingComponent: () => <Pending />,
  component: function ScreeningRoute() {
    const { me } = Route.useRouteContext();
    return (
      <ScreeningPage
        program={Route.useLoaderData()}
        applicationId={Route.useSearch().application}
        showReviews={me.effective_roles.has_reviewer}
      />
    );
  },
});
