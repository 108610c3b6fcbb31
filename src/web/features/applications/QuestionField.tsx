import { type ComponentProps, Suspense, use, useId } from 'react';
import { cutToWords, maxWordsOf, wordCounter, wordStateText } from '../../../shared/domain/answers';
import { uploadRuleText } from '../../../shared/domain/upload-labels';
import { uploadRules } from '../../../shared/domain/uploads';
import type { FileInfo } from '../../../shared/schemas/files';
import type { Question } from '../../../shared/schemas/forms';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn } from '../../components/ui/cn';
import { Input, RequiredMark, Select, Textarea } from '../../components/ui/Field';
import { Skeleton } from '../../components/ui/Skeleton';
import {
  type FileAnswerParts,
  loadFileAnswerParts,
  loadFormParts,
  loadLetterRequests,
  loadTableField,
} from './file-parts';

// A file answer's upload and preview, a table's rows and a reference letter's requests load only where
// such a question is shown, so a page whose form has none (and every form's first paint) does not carry
// their code, dialogs and queries. Loaded already (the application route starts the ones its form needs
// with its data), they render at once; otherwise the Suspense fallback shows.
type UploadProps = ComponentProps<FileAnswerParts['FileUpload']>;
function FileUpload(props: UploadProps) {
  const { FileUpload: Upload } = use(loadFileAnswerParts());
  return <Upload {...props} />;
}
function FilePreview(props: ComponentProps<FileAnswerParts['FilePreview']>) {
  const { FilePreview: Preview } = use(loadFileAnswerParts());
  return <Preview {...props} />;
}

function Table(props: ComponentProps<typeof import('./TableField').TableField>) {
  const { TableField } = use(loadTableField());
  return <TableField {...props} />;
}
function Letters(props: ComponentProps<typeof import('../letters/LetterRequests').LetterRequests>) {
  const { LetterRequests } = use(loadLetterRequests());
  return <LetterRequests {...props} />;
}

/** Starts loading the parts of the form's question types now (the application page, with its form). */
export const preloadQuestionParts = (questions: readonly Pick<Question, 'type'>[]) =>
  loadFormParts(questions);

export type QuestionFieldProps = {
  question: Question;
  error?: string;
} & (
  | {
      /** The applicant's answer, editable while the window is open (locked inputs show it read-only). */
      preview?: false;
      value: unknown;
      applicationId: string;
      editable: boolean;
      onChange: (value: unknown) => void;
    }
  | {
      /** The form as applicants will see it (builder, super admin and apply page previews): no answer. */
      preview: true;
    }
);

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const nothing = () => {};

/**
 * One question's input, by type (spec 001 §2). The application page and every preview of a form
 * render this one component, so a question type is added in one place.
 */
export function QuestionField(props: QuestionFieldProps) {
  const { question: q, error } = props;
  const preview = props.preview === true;
  const value = preview ? undefined : props.value;
  const editable = !preview && props.editable;
  const onChange = preview ? nothing : props.onChange;
  const id = useId();
  const common = { label: q.label, required: q.required, disabled: !editable, error, hint: q.help };
  switch (q.type) {
    case 'short_text':
      return (
        <Input
          {...common}
          id={id}
          value={text(value)}
          maxLength={q.maxLength}
          hint={
            [q.help, q.maxLength ? `Up to ${q.maxLength} characters` : ''].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'long_text': {
      const max = maxWordsOf(q);
      const counter = wordCounter(text(value), max);
      return (
        <div>
          <Textarea
            {...common}
            id={id}
            rows={6}
            value={text(value)}
            onChange={(e) => onChange(cutToWords(e.target.value, max))}
            aria-describedby={`${id}-count`}
          />
          <p id={`${id}-count`} className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
            <span>{counter.text}</span>
            {counter.state === 'at' && <span className="font-medium text-amber-800">{wordStateText.at}</span>}
            {counter.state === 'over' && (
              <span className="font-medium text-red-700">{wordStateText.over}</span>
            )}
          </p>
        </div>
      );
    }
    case 'date':
      return (
        <Input
          {...common}
          id={id}
          type="date"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
          className="sm:max-w-xs"
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          id={id}
          value={text(value)}
          placeholder="Select…"
          options={(q.options ?? []).map((o) => ({ value: o, label: o }))}
          onChange={(e) => onChange(e.target.value)}
          className="sm:max-w-md"
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={q.label}
          hint={q.help}
          required={q.required}
          disabled={!editable}
          error={error}
          checked={value === true}
          onCheckedChange={(checked) => onChange(checked)}
        />
      );
    case 'file': {
      const file = isFile(value) ? value : null;
      return (
        <div className={cn('flex flex-col gap-3')}>
          {editable && !preview ? (
            <Suspense fallback={<Skeleton className="h-28 w-full" />}>
              <FileUpload
                purpose="answer"
                applicationId={props.applicationId}
                fieldKey={q.key}
                value={file}
                label={q.label}
                required={q.required}
                onUploaded={(f) => onChange(f)}
                onRemove={() => onChange(null)}
              />
            </Suspense>
          ) : (
            <p className="text-sm font-medium text-slate-800">
              {q.label}
              {q.required && <RequiredMark />}
            </p>
          )}
          {q.help && <p className="text-sm text-slate-600">{q.help}</p>}
          {preview ? (
            <p className="text-sm text-slate-600">{uploadRuleText(uploadRules.answer)}</p>
          ) : file ? (
            <Suspense fallback={<Skeleton className="h-10 w-full" />}>
              <FilePreview file={file} />
            </Suspense>
          ) : (
            !editable && <p className="text-sm text-slate-600">No file uploaded</p>
          )}
          {error && <p className="text-sm font-medium text-red-700">{error}</p>}
        </div>
      );
    }
    case 'number': {
      const limits = [
        q.integer ? 'A whole number' : '',
        q.min !== undefined ? `at least ${q.min}` : '',
        q.max !== undefined ? `at most ${q.max}` : '',
      ].filter(Boolean);
      return (
        <Input
          {...common}
          id={id}
          className="sm:max-w-xs"
          type="number"
          inputMode={q.integer ? 'numeric' : 'decimal'}
          step={q.integer ? 1 : 'any'}
          min={q.min}
          max={q.max}
          value={typeof value === 'number' ? String(value) : text(value)}
          hint={[q.help, limits.join(', ')].filter(Boolean).join(' ') || undefined}
          after={q.unit ? <span className="shrink-0 text-sm text-slate-700">{q.unit}</span> : undefined}
          onChange={(e) => {
            const raw = e.target.value;
            const n = Number(raw);
            // Sent as a number once it is one; what is half typed stays text (the server checks it).
            onChange(raw.trim() === '' ? null : Number.isFinite(n) && !raw.endsWith('.') ? n : raw);
          }}
        />
      );
    }
    case 'yes_no':
      return (
        <fieldset aria-invalid={error ? true : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            {q.label}
            {q.required && <RequiredMark />}
          </legend>
          {q.help && <p className="mt-1 text-sm text-slate-600">{q.help}</p>}
          <div className="mt-2 flex gap-6">
            {(['yes', 'no'] as const).map((v) => (
              <label key={v} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={id}
                  value={v}
                  checked={value === v}
                  disabled={!editable}
                  onChange={() => onChange(v)}
                  className="size-4 accent-blue-700"
                />
                {v === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
          {error && <p className="mt-1 text-sm font-medium text-red-700">{error}</p>}
        </fieldset>
      );
    case 'reference_letter':
      // Letters are written by others (decision 065): the applicant requests them and sees their states.
      return preview ? (
        <div>
          <h3 className="text-base font-semibold text-slate-900">{q.label}</h3>
          <p className="mt-1 text-sm text-slate-700">
            Reference letters: the applicant asks recommenders, who write through an emailed link.
          </p>
        </div>
      ) : (
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          <Letters applicationId={props.applicationId} question={q} />
        </Suspense>
      );
    case 'content':
      return (
        <div>
          <h3 className="text-base font-semibold text-slate-900">{q.label}</h3>
          {q.help && <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{q.help}</p>}
        </div>
      );
    case 'multi_select': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const limits = [
        q.minChoices ? `at least ${q.minChoices}` : '',
        q.maxChoices ? `at most ${q.maxChoices}` : '',
      ].filter(Boolean);
      return (
        <fieldset aria-invalid={error ? true : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            {q.label}
            {q.required && <RequiredMark />}
          </legend>
          {(q.help || limits.length > 0) && (
            <p className="mt-1 text-sm text-slate-600">
              {[q.help, limits.length ? `Choose ${limits.join(' and ')}.` : ''].filter(Boolean).join(' ')}
            </p>
          )}
          <div className="mt-2 flex flex-col gap-2">
            {(q.options ?? []).map((option) => (
              <Checkbox
                key={option}
                label={option}
                checked={chosen.includes(option)}
                disabled={!editable}
                onCheckedChange={(on) =>
                  onChange((q.options ?? []).filter((o) => (o === option ? on : chosen.includes(o))))
                }
              />
            ))}
          </div>
          {error && <p className="mt-1 text-sm font-medium text-red-700">{error}</p>}
        </fieldset>
      );
    }
    case 'table':
      return (
        <Suspense fallback={<Skeleton className="h-32 w-full" />}>
          <Table question={q} value={value} editable={editable} error={error} onChange={onChange} />
        </Suspense>
      );
    case 'email':
      return (
        <Input
          {...common}
          id={id}
          type="email"
          autoComplete="email"
          className="sm:max-w-md"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'url':
      return (
        <Input
          {...common}
          id={id}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function isFile(v: unknown): v is FileInfo {
  return !!v && typeof v === 'object' && typeof (v as FileInfo).filePath === 'string';
}
