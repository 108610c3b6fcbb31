import type { ReactNode } from 'react';
import { visibleQuestions } from '../../../shared/domain/conditions';
import { takesAnswer, yesNoLabels } from '../../../shared/domain/forms';
import { profileSectionNames, profileSections } from '../../../shared/domain/profile-completeness';
import { profileFieldLabels, profileFieldsBySection } from '../../../shared/domain/profile-visibility';
import type { FileInfo } from '../../../shared/schemas/files';
import type { Question } from '../../../shared/schemas/forms';
import type { ReviewDetail } from '../../../shared/schemas/reviews';
import { formatDateTime, formatDay } from '../../lib/format';
import { FilePreview } from '../files/FilePreview';

type FileLike = { fileName?: unknown; filePath?: unknown };
const isFile = (v: unknown): v is FileLike & { fileName: string } =>
  !!v && typeof v === 'object' && typeof (v as FileLike).fileName === 'string';
const isStoredFile = (v: FileLike): v is FileInfo =>
  typeof v.filePath === 'string' && typeof (v as FileInfo).contentType === 'string';

const noAnswer = <span className="text-slate-500">No answer</span>;

/** A file answer or profile file: its signed preview, or its name when it is not a stored file. */
function FileAnswer({ file }: { file: FileLike & { fileName: string } }) {
  if (isStoredFile(file)) return <FilePreview file={file} />;
  return <span className="break-all">{file.fileName}</span>;
}

/** One answer, shown by its question's type. */
export function AnswerValue({ question, value }: { question: Question; value: unknown }): ReactNode {
  if (value === undefined || value === null || value === '') return noAnswer;
  switch (question.type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'date':
      return formatDay(String(value));
    case 'file': {
      const files = (Array.isArray(value) ? value : [value]).filter(isFile);
      if (files.length === 0) return noAnswer;
      return (
        <ul className="space-y-1">
          {files.map((f) => (
            <li key={String(f.filePath ?? f.fileName)}>
              <FileAnswer file={f} />
            </li>
          ))}
        </ul>
      );
    }
    case 'long_text':
      return <span className="whitespace-pre-wrap">{String(value)}</span>;
    case 'yes_no':
      return yesNoLabels[String(value)] ?? String(value);
    case 'number':
      return question.unit ? `${String(value)} ${question.unit}` : String(value);
    case 'email':
      return (
        <a className="break-all text-blue-700 underline" href={`mailto:${String(value)}`}>
          {String(value)}
        </a>
      );
    case 'url':
      return /^https?:\/\//i.test(String(value)) ? (
        <a
          className="break-all text-blue-700 underline"
          href={String(value)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {String(value)}
        </a>
      ) : (
        String(value)
      );
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

const profileLabels = profileFieldLabels;

function ProfileValue({ field, value }: { field: string; value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '') return noAnswer;
  if (field === 'date_of_birth' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isFile(value)) return <FileAnswer file={value} />;
  if (Array.isArray(value)) {
    const files = value.filter(isFile);
    if (files.length === 0) return noAnswer;
    return (
      <ul className="space-y-1">
        {files.map((f) => (
          <li key={String(f.filePath ?? f.fileName)}>
            <FileAnswer file={f} />
          </li>
        ))}
      </ul>
    );
  }
  return <span className="whitespace-pre-wrap">{String(value)}</span>;
}

/** The profile snapshot as a summary: one group per section the program collects, filled fields only. */
function ProfileSummary({ snapshot }: { snapshot: Record<string, unknown> }) {
  const groups = profileSections
    .map((section) => ({
      section,
      fields: profileFieldsBySection[section].filter((f) => snapshot[f] !== undefined),
    }))
    .filter((g) => g.fields.length > 0);
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Profile</h3>
      {typeof snapshot.__snapshot_at === 'string' && (
        <p className="mt-1 text-sm text-slate-600">As of {formatDateTime(snapshot.__snapshot_at)}</p>
      )}
      {groups.map(({ section, fields }) => (
        <div key={section} className="mt-4">
          <h4 className="text-sm font-semibold text-slate-800">{profileSectionNames[section]}</h4>
          <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {fields.map((key) => (
              <div key={key} className={key === 'personal_statement' ? 'sm:col-span-2' : undefined}>
                <dt className="text-sm font-medium text-slate-700">
                  {profileLabels[key] ?? key.replace(/_/g, ' ')}
                </dt>
                <dd className="mt-0.5 text-slate-900">
                  <ProfileValue field={key} value={snapshot[key]} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

/** The Applicant Responses panel: answers by question, then what the program collects of the profile. */
export function ApplicantResponses({ detail }: { detail: ReviewDetail }) {
  // A question its conditions hide for this applicant is not listed (its answer was never kept).
  const questions = visibleQuestions(detail.application_schema.questions, detail.applicant_answers).filter(
    takesAnswer,
  );
  const snapshot = detail.profile_snapshot;
  return (
    <section
      aria-labelledby="responses-heading"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="responses-heading" className="text-lg font-semibold text-slate-900">
        Applicant Responses
      </h2>
      {detail.application.submitted_at && (
        <p className="mt-1 text-sm text-slate-600">
          Submitted {formatDateTime(detail.application.submitted_at)}
        </p>
      )}
      {questions.length === 0 ? (
        <p className="mt-4 text-slate-600">This program has no custom questions yet.</p>
      ) : (
        <dl className="mt-4 divide-y divide-slate-100">
          {questions.map((q) => (
            <div key={q.key} className="py-3">
              <dt className="text-sm font-medium text-slate-700">{q.label}</dt>
              <dd className="mt-1 text-slate-900">
                <AnswerValue question={q} value={detail.applicant_answers[q.key]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {snapshot && <ProfileSummary snapshot={snapshot} />}
    </section>
  );
}
