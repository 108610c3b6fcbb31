import type { ReactNode } from 'react';
import { visibleQuestions } from '../../../shared/domain/conditions';
import { takesAnswer, yesNoLabels } from '../../../shared/domain/forms';
import { profileSectionNames, profileSections } from '../../../shared/domain/profile-completeness';
import { profileFieldLabels, profileFieldsBySection } from '../../../shared/domain/profile-visibility';
import { stageLabel } from '../../../shared/domain/stages';
import {
  cellText,
  isBlankRow,
  tableColumns,
  tableRows,
  tableTotal,
  totalColumnOf,
} from '../../../shared/domain/tables';
import type { FileInfo } from '../../../shared/schemas/files';
import type { ApplicationForm, Question } from '../../../shared/schemas/forms';
import type { PreviousStage } from '../../../shared/schemas/previous-stage';
import type { ReviewDetail } from '../../../shared/schemas/reviews';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
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

/** A table answer (decision 060): its filled rows as a small table, the total under it. */
function TableAnswer({ question, value }: { question: Question; value: unknown }) {
  const columns = tableColumns(question);
  const rows = tableRows(value).filter((r) => !isBlankRow(question, r));
  if (rows.length === 0) return noAnswer;
  const total = totalColumnOf(question) ? tableTotal(question, rows) : null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so keyboards can scroll it
    <section aria-label={question.label} tabIndex={0} className="max-w-full overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left">
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`py-1 pr-4 font-medium text-slate-700 ${c.type === 'number' ? 'text-right' : ''}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their position
            <tr key={i} className="border-b border-slate-100">
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={`py-1 pr-4 ${c.type === 'number' ? 'text-right tabular-nums' : ''}`}
                >
                  {c.type === 'date' && typeof r[c.key] === 'string'
                    ? formatDay(String(r[c.key]))
                    : cellText(c, r[c.key], undefined)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {total !== null && <p className="mt-1 text-sm font-semibold">Total: {total.toLocaleString()}</p>}
    </section>
  );
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
    case 'table':
      return <TableAnswer question={question} value={value} />;
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

/** A form's answers by question, as the review screen shows them (its conditions hide what they hide). */
function AnswerList({ form, answers }: { form: ApplicationForm; answers: Record<string, unknown> }) {
  // A question its conditions hide for this applicant is not listed (its answer was never kept).
  const shown = visibleQuestions(form, answers);
  const questions = shown.filter(takesAnswer);
  if (questions.length === 0)
    // A form of reference letters only has its letters, listed beside the answers (StaffLetters).
    return shown.some((q) => q.type === 'reference_letter') ? null : (
      <p className="mt-4 text-slate-600">This program has no custom questions yet.</p>
    );
  return (
    <dl className="mt-4 divide-y divide-slate-100">
      {questions.map((q) => (
        <div key={q.key} className="py-3">
          <dt className="text-sm font-medium text-slate-700">{q.label}</dt>
          <dd className="mt-1 text-slate-900">
            <AnswerValue question={q} value={answers[q.key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** This stage's answers, screening answers and profile. */
function CurrentAnswers({ detail }: { detail: ReviewDetail }) {
  const snapshot = detail.profile_snapshot;
  return (
    <>
      {detail.application.submitted_at && (
        <p className="mt-1 text-sm text-slate-600">
          Submitted {formatDateTime(detail.application.submitted_at)}
        </p>
      )}
      <AnswerList form={detail.application_schema} answers={detail.applicant_answers} />
      {detail.screening_answers && detail.screening_answers.length > 0 && (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Screening answers</h3>
          <dl className="mt-2 divide-y divide-slate-100">
            {detail.screening_answers.map((a) => (
              <div key={a.question} className="py-3">
                <dt className="text-sm font-medium text-slate-700">{a.question}</dt>
                <dd className="mt-1 text-slate-900">{a.answer}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {snapshot && <ProfileSummary snapshot={snapshot} />}
    </>
  );
}

/**
 * The previous stage as a later stage's reviewers read it (decision 066): its answers with the same
 * components, and — when this stage shows previous scores — its aggregate score and decision. The
 * server sends nothing else of it (no comments, no notes; no identity when either stage is blind).
 */
function PreviousStageAnswers({ stage }: { stage: PreviousStage }) {
  return (
    <>
      {stage.submitted_at && (
        <p className="mt-1 text-sm text-slate-600">Submitted {formatDateTime(stage.submitted_at)}</p>
      )}
      {stage.scores && (
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:max-w-sm">
          <div className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">Score</dt>
            <dd className="text-lg font-semibold text-slate-900">
              {stage.scores.score ?? <span className="text-slate-500">—</span>}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">Decision</dt>
            <dd className="mt-1">
              {stage.scores.decision ? (
                <DecisionBadge decision={stage.scores.decision} />
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </dd>
          </div>
        </dl>
      )}
      <AnswerList form={stage.form} answers={stage.answers} />
    </>
  );
}

/**
 * The Applicant Responses panel: answers by question, then what the program collects of the profile.
 * On a later stage, the previous stage's answers are a tab beside this stage's.
 */
export function ApplicantResponses({ detail }: { detail: ReviewDetail }) {
  const previous = detail.previous_stage ?? null;
  return (
    <section
      aria-labelledby="responses-heading"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="responses-heading" className="text-lg font-semibold text-slate-900">
        Applicant Responses
      </h2>
      {previous ? (
        <Tabs defaultValue="current" className="mt-3">
          <TabsList aria-label="Stages">
            <TabsTrigger value="current">
              {stageLabel(detail.application.program_name, previous.stage_number + 1)}
            </TabsTrigger>
            <TabsTrigger value="previous">
              {stageLabel(previous.program_name, previous.stage_number)}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="current" className="pt-2">
            <CurrentAnswers detail={detail} />
          </TabsContent>
          <TabsContent value="previous" className="pt-2">
            <PreviousStageAnswers stage={previous} />
          </TabsContent>
        </Tabs>
      ) : (
        <CurrentAnswers detail={detail} />
      )}
    </section>
  );
}
