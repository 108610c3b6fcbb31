import { FileText, Upload, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { uploadProblem, uploadRules } from '../../../shared/domain/uploads';
import type { FileInfo, UploadPurpose } from '../../../shared/schemas/files';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { ApiError } from '../../lib/api';
import { fileSizeText, type ShownFile, UPLOAD_FAILED, type UploadHandle, uploadFile } from './api';

interface CommonProps<T extends ShownFile> {
  /** The file stored now, or null. */
  value: T | null;
  onUploaded: (file: T) => void;
  /** Offers Remove (after a confirmation) when given. May return a promise; errors keep the file. */
  onRemove?: () => unknown;
  disabled?: boolean;
  label: string;
  /** Marks the label with the red required star, as on every other field. */
  required?: boolean;
  /** Id of help text elsewhere on the page describing this upload. */
  describedBy?: string;
  /** Shown when an upload fails for a reason the server does not word (default 'Upload failed'). */
  failureMessage?: string;
  className?: string;
}

/** POST /api/files for one of its purposes, checked first with that purpose's shared rule (uploadRules). */
interface FilesProps extends CommonProps<FileInfo> {
  purpose: UploadPurpose;
  /** Answer files: the application and the question's key. */
  applicationId?: string;
  fieldKey?: string;
  /** An organization's logo: its slug. */
  orgSlug?: string;
  upload?: undefined;
  check?: undefined;
  accept?: undefined;
}

/**
 * Another endpoint with a rule of its own (a reference letter: a recommender's through the link's
 * token, an admin's on the recommender's behalf).
 */
interface ThroughProps<T extends ShownFile> extends CommonProps<T> {
  /** Sends the file (its type filled in from the name where the browser left it blank), like uploadFile. */
  upload: (file: File, onProgress: (fraction: number) => void, failureMessage: string) => UploadHandle<T>;
  /** The client's first check, with the endpoint's shared rule (the server checks again): a message or null. */
  check: (file: { name: string; type: string; size: number }) => string | null;
  /** The file picker's types (acceptForTypes of the rule's types). */
  accept: string;
  purpose?: undefined;
  applicationId?: undefined;
  fieldKey?: undefined;
  orgSlug?: undefined;
}

export type FileUploadProps<T extends ShownFile = FileInfo> = FilesProps | ThroughProps<T>;

const extensions: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'text/plain': '.txt',
  'image/jpeg': '.jpg,.jpeg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/heic': '.heic,.heif',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/x-msvideo': '.avi',
  'audio/mpeg': '.mp3',
  'audio/wav': '.wav',
};

/** A file picker's accept list for these content types: the types and their extensions. */
export function acceptForTypes(types: readonly string[]): string {
  const exts = [...new Set(types.map((t) => extensions[t]).filter(Boolean))];
  return [...types, ...exts].join(',');
}

export function acceptFor(purpose: UploadPurpose): string {
  return acceptForTypes(uploadRules[purpose].types);
}

const sameAs: Record<string, string> = { 'audio/mp3': 'audio/mpeg', 'image/heif': 'image/heic' };

/** Browsers leave some types blank or guess them from the extension: fill the common gaps. */
export function declaredType(file: File): string {
  if (file.type) return sameAs[file.type] ?? file.type;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, string> = {
    pdf: 'application/pdf',
    doc: 'application/msword',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    txt: 'text/plain',
    mov: 'video/quicktime',
    avi: 'video/x-msvideo',
    wav: 'audio/wav',
    heic: 'image/heic',
    heif: 'image/heic',
  };
  return byExt[ext] ?? '';
}

/** How one control uploads: its check, its picker's types, and the sending (whose result goes to onUploaded). */
interface Way {
  accept: string;
  problem: (file: { name: string; type: string; size: number }) => string | null;
  send: (
    file: File,
    onProgress: (fraction: number) => void,
    failureMessage: string,
  ) => UploadHandle<() => void>;
}

const handing = <T,>(h: UploadHandle<T>, to: (file: T) => void): UploadHandle<() => void> => ({
  promise: h.promise.then((file) => () => to(file)),
  abort: h.abort,
});

function wayOf<T extends ShownFile>(props: FileUploadProps<T>): Way {
  if (props.upload) {
    const { upload, check, accept, onUploaded } = props;
    return { accept, problem: check, send: (file, p, m) => handing(upload(file, p, m), onUploaded) };
  }
  const { purpose, applicationId, fieldKey, orgSlug, onUploaded } = props;
  return {
    accept: acceptFor(purpose),
    problem: (file) => uploadProblem(purpose, file),
    send: (file, p, m) =>
      handing(uploadFile({ purpose, applicationId, fieldKey, orgSlug }, file, p, m), onUploaded),
  };
}

/**
 * One file: choose (click or drop), upload with a progress bar (cancel while it runs), replace and
 * remove. The client checks type and size first with the shared rules; the server checks again,
 * against the bytes, and its message is shown on failure. POST /api/files by default (`purpose`), or
 * another endpoint with a rule of its own (`upload`, `check`, `accept`).
 */
export function FileUpload<T extends ShownFile = FileInfo>(props: FileUploadProps<T>) {
  const {
    value,
    onRemove,
    disabled = false,
    label,
    required = false,
    describedBy,
    failureMessage = UPLOAD_FAILED,
    className,
  } = props;
  const way = wayOf(props);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle<() => void> | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadingName, setUploadingName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => () => handle.current?.abort(), []);

  const uploading = progress !== null;
  const blocked = disabled || uploading;

  function start(file: File) {
    setError(null);
    setDone(false);
    const type = declaredType(file);
    const problem = way.problem({ name: file.name, type, size: file.size });
    if (problem) {
      setError(problem);
      return;
    }
    const typed = type === file.type ? file : new File([file], file.name, { type });
    setUploadingName(file.name);
    setProgress(0);
    const h = way.send(typed, setProgress, failureMessage);
    handle.current = h;
    h.promise.then(
      (handOver) => {
        if (handle.current !== h) return;
        handle.current = null;
        setProgress(null);
        setDone(true);
        handOver();
      },
      (err: unknown) => {
        if (handle.current !== h) return;
        handle.current = null;
        setProgress(null);
        if (err instanceof ApiError && err.code === 'aborted') return;
        setError(err instanceof ApiError ? err.message : failureMessage);
      },
    );
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    if (blocked) return;
    const file = e.dataTransfer.files?.[0];
    if (file) start(file);
  }

  const percent = Math.round((progress ?? 0) * 100);
  const described = [describedBy, error ? errorId : null, statusId].filter(Boolean).join(' ');

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <span className="text-sm font-medium text-slate-800" id={`${inputId}-label`}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={way.accept}
        disabled={blocked}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) start(file);
        }}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the buttons inside are the keyboard way */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!blocked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'rounded-lg border border-dashed p-4',
          dragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-white',
          disabled && 'bg-slate-50',
        )}
      >
        {value && !uploading && (
          <div className="flex flex-wrap items-center gap-3">
            <FileText className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            {/* At least 10rem for the name: on a phone the buttons wrap under it rather than cut it short. */}
            <div className="min-w-40 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{value.fileName}</p>
              <p className="text-xs text-slate-600">{fileSizeText(value.fileSize)}</p>
            </div>
            {!disabled && (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => inputRef.current?.click()}
                  aria-label={`Replace ${label}`}
                  aria-describedby={described}
                >
                  Replace
                </Button>
                {onRemove && (
                  <Button
                    size="sm"
                    variant="danger-ghost"
                    onClick={() => setConfirming(true)}
                    aria-label={`Remove ${value.fileName}`}
                  >
                    Remove
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
        {uploading && (
          <div className="flex flex-col gap-2">
            <div className="flex items-center gap-3">
              <p className="min-w-0 flex-1 truncate text-sm text-slate-800">Uploading {uploadingName}…</p>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => handle.current?.abort()}
                aria-label={`Cancel upload of ${uploadingName}`}
              >
                <X className="size-4" aria-hidden="true" />
                Cancel
              </Button>
            </div>
            <div
              role="progressbar"
              aria-label={`Uploading ${uploadingName}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-blue-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        {!value && !uploading && (
          <div className="flex flex-col items-center gap-2 text-center sm:flex-row sm:text-left">
            <Upload className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            {/* Touch screens cannot drag a file in: they only get the button, worded for a tap. */}
            <p className={cn('flex-1 text-sm text-slate-600', !disabled && 'pointer-coarse:hidden')}>
              {disabled ? 'No file uploaded' : 'Drag a file here, or'}
            </p>
            {!disabled && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => inputRef.current?.click()}
                aria-describedby={described}
              >
                <span className="pointer-coarse:hidden">Choose file</span>
                <span className="hidden pointer-coarse:inline">Choose a file</span>
                <span className="sr-only"> for {label}</span>
              </Button>
            )}
          </div>
        )}
      </div>
      <p id={statusId} className="sr-only" aria-live="polite">
        {uploading ? `Uploading ${percent}%` : done && value ? `Upload complete: ${value.fileName}` : ''}
      </p>
      {done && value && !uploading && (
        <p className="text-sm text-green-700" data-testid="upload-complete">
          Upload complete
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {onRemove && value && (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Remove this file?"
          description={`${value.fileName} will be removed.`}
          confirmLabel="Remove"
          onConfirm={async () => {
            await onRemove();
            setDone(false);
          }}
        />
      )}
    </div>
  );
}
