import { type ComponentProps, Suspense, use, useId } from 'react';
import { cutToWords, maxWordsOf, wordCounter, wordStateText } from '../../../shared/domain/answers';
import { uploadRuleText } from '../../../shared/domain/upload-labels';
import { uploadRules } from '../../../shared/domain/uploads';
import type { FileInfo } from '../../../shared/schemas/files';
import type { Question } from '../../../shared/schemas/forms';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn } from '../../components/ui/cn';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { Skeleton } from '../../components/ui/Skeleton';
import { type FileAnswerParts, loadFileAnswerParts } from './file-parts';

// A file answer's upload and preview load only where a file question has something to show, so the
// form previews (builder, apply page, visitors) do not carry them. Loaded already (the application
// route starts them with its data), they render at once; otherwise the Suspense fallback shows.
type UploadProps = ComponentProps<FileAnswerParts['FileUpload']>;
function FileUpload(props: UploadProps) {
  const { FileUpload: Upload } = use(loadFileAnswerParts());
  return <Upload {...props} />;
}
function FilePreview(props: ComponentProps<FileAnswerParts['FilePreview']>) {
  const { FilePreview: Preview } = use(loadFileAnswerParts());
  return <Preview {...props} />;
}

/** Starts loading a file answer's parts now (the application page, when its form asks for a file). */
export const preloadFileAnswer = () => void loadFileAnswerParts();

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
              {q.required && (
                <>
                  <span className="ml-0.5 text-red-700" aria-hidden="true">
                    *
                  </span>
                  <span className="sr-only"> (required)</span>
                </>
              )}
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
  }
}

function isFile(v: unknown): v is FileInfo {
  return !!v && typeof v === 'object' && typeof (v as FileInfo).filePath === 'string';
}
