import { useId } from 'react';
import { cutToWords, maxWordsOf, wordCounter, wordStateText } from '../../../shared/domain/answers';
import type { FileInfo } from '../../../shared/schemas/files';
import type { Question } from '../../../shared/schemas/forms';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn } from '../../components/ui/cn';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { FilePreview } from '../files/FilePreview';
import { FileUpload } from '../files/FileUpload';

export interface QuestionFieldProps {
  question: Question;
  value: unknown;
  applicationId: string;
  editable: boolean;
  onChange: (value: unknown) => void;
  error?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One question's input, by type (spec 001 §2): locked inputs show the answer read-only. */
export function QuestionField({
  question: q,
  value,
  applicationId,
  editable,
  onChange,
  error,
}: QuestionFieldProps) {
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
          {editable ? (
            <FileUpload
              purpose="answer"
              applicationId={applicationId}
              fieldKey={q.key}
              value={file}
              label={q.label}
              required={q.required}
              onUploaded={(f) => onChange(f)}
              onRemove={() => onChange(null)}
            />
          ) : (
            <p className="text-sm font-medium text-slate-800">
              {q.label}
              {q.required && (
                <span className="ml-0.5 text-red-700" aria-hidden="true">
                  *
                </span>
              )}
            </p>
          )}
          {q.help && <p className="text-sm text-slate-600">{q.help}</p>}
          {file ? (
            <FilePreview file={file} />
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
