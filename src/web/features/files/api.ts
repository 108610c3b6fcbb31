import type { FileInfo, UploadPurpose } from '../../../shared/schemas/files';
import { ApiError, api } from '../../lib/api';

export type SignedUrl = { url: string; expires_at: string };

export interface UploadTarget {
  purpose: UploadPurpose;
  /** Answer files only: the application and the question's key. */
  applicationId?: string;
  fieldKey?: string;
  /** An organization's logo: its slug. */
  orgSlug?: string;
}

/**
 * What an upload control shows of a stored file: its name and size, never a link (a caller whose user
 * may read the file back offers its own View beside it).
 */
export interface ShownFile {
  fileName: string;
  fileSize: number;
}

export interface UploadHandle<T = FileInfo> {
  promise: Promise<T>;
  abort(): void;
}

/** The spec's words for a failed upload when the server gives no message of its own. */
export const NOT_SIGNED_IN = 'Not signed in';
export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_CANCELLED = 'Upload cancelled';

export interface SendFileOptions<T> {
  onProgress?: (fraction: number) => void;
  /** The words when the server gives none of its own (or its message is not shown). */
  failureMessage?: string;
  /** The Content-Type sent (default the file's own, else application/octet-stream). */
  contentType?: string;
  /** Which refusals show the server's message (the others show `failureMessage`); 401 is 'Not signed in'. */
  serverWords?: (status: number) => boolean;
  /** The result, from the 2xx JSON body. */
  result: (body: unknown) => T;
}

/**
 * POSTs one file to `url` as the raw request body (never multipart), reporting progress (0..1), with
 * XMLHttpRequest (fetch reports no upload progress). Rejects with an ApiError: 'Not signed in' on 401,
 * the server's message where `serverWords` says so, `failureMessage` otherwise; code 'aborted' when
 * cancelled, 'network' when the request did not reach the server.
 */
export function sendFile<T>(url: string, file: File, options: SendFileOptions<T>): UploadHandle<T> {
  const { onProgress, failureMessage = UPLOAD_FAILED, serverWords = () => true, result } = options;
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', options.contentType || file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.total ? e.loaded / e.total : 0);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress?.(1);
        resolve(result(body));
        return;
      }
      const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
      if (xhr.status === 401) reject(new ApiError(401, 'unauthenticated', NOT_SIGNED_IN));
      else if (serverWords(xhr.status) && err?.message)
        reject(new ApiError(xhr.status, err.code ?? 'error', err.message));
      else reject(new ApiError(xhr.status, err?.code ?? 'error', failureMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', failureMessage));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', UPLOAD_CANCELLED));
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}

/**
 * Sends one file to POST /api/files, reporting progress (0..1). Rejects with an ApiError whose message
 * is the server's (type and size messages word for word), 'Not signed in' on 401, or `failureMessage`
 * otherwise.
 */
export function uploadFile(
  target: UploadTarget,
  file: File,
  onProgress?: (fraction: number) => void,
  failureMessage = UPLOAD_FAILED,
): UploadHandle {
  const params = new URLSearchParams({ purpose: target.purpose });
  if (target.applicationId) params.set('application_id', target.applicationId);
  if (target.fieldKey) params.set('field_key', target.fieldKey);
  if (target.orgSlug) params.set('org_slug', target.orgSlug);
  return sendFile(`/api/files?${params}`, file, {
    onProgress,
    failureMessage,
    serverWords: (status) => status === 413 || status === 422 || status === 409,
    result: (body) => body as FileInfo,
  });
}

/** A short-lived (600 s) link to view or download a stored file the caller may read. */
export function signFile(path: string): Promise<SignedUrl> {
  return api<SignedUrl>('POST', '/files/sign', { path });
}

/**
 * Opens a stored file in a new tab, signed on the click. The tab is opened first (a pop-up blocker
 * allows it only inside the click) and pointed at the link once signed; the page itself stays.
 * Throws (the tab closed) when the file cannot be signed.
 */
export async function openSignedFile(path: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { url } = await signFile(path);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

export const fileSizeText = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};
