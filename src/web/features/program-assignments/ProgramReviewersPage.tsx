import type { ReviewQueue } from '../../../shared/schemas/reviews';
import { BackLink } from '../../components/ui/BackLink';
import { PageHeader } from '../../components/ui/PageHeader';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { AssignmentsPanel } from './ManageReviewersPage';

/** /review/{programId}/reviewers: Manage Reviewers for one program, for whoever may administer it. */
export function ProgramReviewersPage({ program }: { program: ReviewQueue['program'] }) {
  usePageTitle(`Manage Reviewers · ${program.name}`);
  return (
    <DashboardShell showReviews>
      <PageHeader
        back={
          <BackLink to="/review/$programId" params={{ programId: program.id }}>
            Back to Reviews
          </BackLink>
        }
        eyebrow={program.organization_name}
        title="Manage Reviewers"
      />
      <section
        aria-labelledby="assignments-heading"
        className="mt-6 max-w-3xl rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="assignments-heading" className="text-lg font-semibold text-slate-900">
          Program Assignments
        </h2>
        <AssignmentsPanel program={program} />
      </section>
    </DashboardShell>
  );
}
