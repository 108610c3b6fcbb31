import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { previewKind } from '../../../shared/domain/uploads';
import type { FileInfo } from '../../../shared/schemas/files';
import { buttonClasses } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { fileSizeText, signFile } from './api';

const PdfViewer = lazy(() => import('./PdfViewer'));

/** Signed links live 600 s: fetch a fresh one a minute before the old one expires. */
const REFRESH_MARGIN_MS = 60_000;

export function signedUrlQuery(path: string) {
  return {
    queryKey: ['file-url', path] as const,
    queryFn: () => signFile(path),
    staleTime: (q: { state: { data?: { expires_at: string } } }) => {
      const expires = q.state.data ? Date.parse(q.state.data.expires_at) : 0;
      return Math.max(0, expires - Date.now() - REFRESH_MARGIN_MS);
    },
    refetchInterval: (q: { state: { data?: { expires_at: string } } }) => {
      const expires = q.state.data ? Date.parse(q.state.data.expires_at) : 0;
      return Math.max(5_000, expires - Date.now() - REFRESH_MARGIN_MS);
    },
    refetchIntervalInBackground: false,
  };
}

/**
 * A stored file: image, audio, video (500 px high at most) or PDF (drawn at full width) shown inline, and
 * a download link. The link is signed for 600 s and refreshed before it expires.
 */
export function FilePreview({ file }: { file: FileInfo }) {
  const query = useQuery(signedUrlQuery(file.filePath));
  const kind = previewKind(file.contentType);

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-5 w-48" />
        {kind !== 'link' && <Skeleton className="h-40 w-full" />}
      </div>
    );
  }
  if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : 'Unable to generate preview';
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {`Failed to load file: ${message}`}
      </p>
    );
  }
  const url = query.data.url;
  return (
    <figure className="flex flex-col gap-2">
      {kind === 'image' && (
        <img src={url} alt={file.fileName} className="max-h-[500px] w-auto max-w-full rounded-lg border" />
      )}
      {kind === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: applicants' own recordings have no caption track
        <video src={url} controls preload="metadata" className="max-h-[500px] w-full rounded-lg bg-black" />
      )}
      {kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: applicants' own recordings have no caption track
        <audio src={url} controls preload="metadata" className="w-full" />
      )}
      {kind === 'pdf' && (
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <PdfViewer url={url} fileName={file.fileName} />
        </Suspense>
      )}
      {kind === 'link' && <p className="text-sm text-slate-600">Preview not available for this file type</p>}
      <figcaption className="flex flex-wrap items-center gap-3 text-sm">
        <span className="min-w-0 truncate font-medium text-slate-900">{file.fileName}</span>
        <span className="text-slate-600">{fileSizeText(file.fileSize)}</span>
        <a
          href={url}
          download={file.fileName}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Download className="size-4" aria-hidden="true" />
          Download<span className="sr-only"> {file.fileName}</span>
        </a>
      </figcaption>
    </figure>
  );
}
