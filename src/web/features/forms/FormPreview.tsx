import { conditionSentence } from '../../../shared/domain/conditions';
import { profileSectionOn } from '../../../shared/domain/forms';
import type { ApplicationForm } from '../../../shared/schemas/forms';
import { Badge } from '../../components/ui/Badge';
import { QuestionField } from '../applications/QuestionField';
import { SampleProfileBlock } from './SampleProfileBlock';

/**
 * The form as applicants see it, read-only: the common-app badges, the autofilled profile block
 * (sample data) and every question with the applicant's own input (QuestionField, in preview). Used by
 * the builder's preview, the super admin's preview, the apply page and the visitors' preview.
 */
export function FormPreview({
  form,
  showProfileSample = true,
}: {
  form: ApplicationForm;
  showProfileSample?: boolean;
}) {
  return (
    <div className="space-y-6">
      {(form.common.applyhub || form.common.coalition) && (
        <div className="flex flex-wrap gap-2">
          {form.common.applyhub && <Badge tone="info">ApplyHub Common App</Badge>}
          {form.common.coalition && <Badge tone="purple">Coalition Common App</Badge>}
        </div>
      )}
      {showProfileSample && form.profile.enabled && (
        <SampleProfileBlock
          sections={{
            personal: profileSectionOn(form, 'personal'),
            family: profileSectionOn(form, 'family'),
            writing: profileSectionOn(form, 'writing'),
            experience: profileSectionOn(form, 'experience'),
          }}
        />
      )}
      {form.questions.length === 0 ? (
        <p className="text-slate-600">This program has no custom questions yet.</p>
      ) : (
        <ol className="space-y-5">
          {form.questions.map((q) => (
            <li key={q.key}>
              {q.showIf && (
                <p className="mb-1 text-xs font-medium text-slate-600">
                  {conditionSentence(q.showIf, form.questions)}
                </p>
              )}
              <QuestionField question={q} preview />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
