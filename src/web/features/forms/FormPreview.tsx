import { useId } from 'react';
import { DEFAULT_MAX_WORDS, profileSectionOn } from '../../../shared/domain/forms';
import type { ApplicationForm, Question } from '../../../shared/schemas/forms';
import { Badge } from '../../components/ui/Badge';
import { SampleProfileBlock } from './SampleProfileBlock';

/**
 * The form as applicants see it, read-only: the common-app badges, the autofilled profile block
 * (sample data) and every question with its input. Used by the builder's preview, the super admin's
 * preview and the apply page.
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
              <QuestionPreview question={q} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-slate-700 disabled:cursor-not-allowed';

function QuestionPreview({ question: q }: { question: Question }) {
  const id = useId();
  const label = (
    <>
      <label htmlFor={id} className="font-medium text-slate-900">
        {q.label}
        {q.required && (
          <span className="ml-1 text-red-600" aria-hidden="true">
            *
          </span>
        )}
        {q.required && <span className="sr-only"> (required)</span>}
      </label>
      {q.help && <p className="text-sm text-slate-600">{q.help}</p>}
    </>
  );
  switch (q.type) {
    case 'short_text':
      return (
        <div>
          {label}
          <input id={id} type="text" disabled className={field} maxLength={q.maxLength} />
          {q.maxLength && <p className="mt-1 text-xs text-slate-500">Up to {q.maxLength} characters</p>}
        </div>
      );
    case 'long_text':
      return (
        <div>
          {label}
          <textarea id={id} disabled rows={4} className={field} />
          <p className="mt-1 text-xs text-slate-500">0/{q.maxWords ?? DEFAULT_MAX_WORDS} words</p>
        </div>
      );
    case 'date':
      return (
        <div>
          {label}
          <input id={id} type="date" disabled className={field} />
        </div>
      );
    case 'select':
      return (
        <div>
          {label}
          <select id={id} disabled className={field} defaultValue="">
            <option value="">Select…</option>
            {(q.options ?? []).map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </div>
      );
    case 'checkbox':
      return (
        <div className="flex items-start gap-2">
          <input id={id} type="checkbox" disabled className="mt-1 size-4" />
          <div>{label}</div>
        </div>
      );
    case 'file':
      return (
        <div>
          {label}
          <input
            id={id}
            type="file"
            disabled
            className={`${field} file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1`}
          />
        </div>
      );
  }
}
