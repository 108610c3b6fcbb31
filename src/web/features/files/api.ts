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

export interface UploadHandle {
  promise: Promise<FileInfo>;
  abort(): void;
}

/** The spec's words for a failed upload when the server gives no message of its own. */
export const NOT_SIGNED_IN = 'Not signed in';
export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_CANCELLED = 'Upload cancelled';

/**
 * Sends one file as the raw request body (never multipart), reporting progress (0..1). Rejects with
 * an ApiError whose message is the server's (type and size messages word for word), 'Not signed in'
 * on 401, or `failureMessage` otherwise.
 */
export function uploadFile(
  target: UploadTarget,
  file: File,
  onProgress?: (fraction: number) => void,
  failureMessage = UPLOAD_FAILED,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const params = new URLSearchParams({ purpose: target.purpose });
  if (target.applicationId) params.set('application_id', target.applicationId);
  if (target.fieldKey) params.set('field_key', target.fieldKey);
  if (target.orgSlug) params.set('org_slug', target.orgSlug);
  const promise = new Promise<FileInfo>((resolve, reject) => {
    xhr.open('POST', `/api/files?${params}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
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
        resolve(body as FileInfo);
        return;
      }
      const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
      if (xhr.status === 401) reject(new ApiError(401, 'unauthenticated', NOT_SIGNED_IN));
      else if ((xhr.status === 413 || xhr.status === 422 || xhr.status === 409) && err?.message)
        reject(new ApiError(xhr.status, err.code ?? 'error', err.message));
      else reject(new ApiError(xhr.status, err?.code ?? 'error', failureMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', failureMessage));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', UPLOAD_CANCELLED));
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}

/** A short-lived (600 s) link to view or download a stored file the caller may read. */
export function signFile(path: string): Promise<SignedUrl> {
  return api<SignedUrl>('POST', '/files/sign', { path });
}

export const fileSizeText = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};
