import { ArrowRight } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import { LinkButton } from '../../components/ui/LinkButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { usePageTitle } from '../../lib/title';

/**
 * An application draft whose program asks eligibility questions the applicant has not passed (the
 * screening was added or changed after the draft began): the answers stay; the questions come first.
 */
export function ScreeningFirst({
  programId,
  programName,
  applicationId,
}: {
  programId: string;
  programName: string;
  applicationId: string;
}) {
  usePageTitle(programName);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={programName} />
      <Card title="Eligibility questions" className="mt-6">
        <p className="text-sm text-slate-700">
          This program now asks a few eligibility questions before the application. Your answers so far are
          kept.
        </p>
        <LinkButton
          className="mt-4"
          to="/programs/$id/screening"
          params={{ id: programId }}
          search={{ application: applicationId }}
        >
          Answer the eligibility questions
          <ArrowRight className="size-4" aria-hidden="true" />
        </LinkButton>
      </Card>
    </div>
  );
}
