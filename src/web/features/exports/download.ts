import { ApiError } from '../../lib/api';

export interface DownloadProgress {
  received: number;
  /** Bytes expected: the Content-Length, else the server's estimate (dossiers), else unknown. */
  total: number | null;
}

/** The file name of a Content-Disposition header (RFC 5987 form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const message =
    res.status === 503
      ? 'Backend updating\u2014please refresh in a second.'
      : body?.error?.message || 'The download failed. Please try again.';
  return new ApiError(res.status, body?.error?.code ?? 'error', message, body?.error?.fields);
}

/**
 * Downloads a file from the API with progress, reading the stream as it arrives. The bytes gather in a
 * Blob (browsers keep large ones on disk), then the browser saves it under the server's file name.
 */
export async function download(
  url: string,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {},
): Promise<{ fileName: string; size: number }> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', 'Network error. Check your connection and try again.');
  }
  if (!res.ok) throw await errorOf(res);
  const length = Number(res.headers.get('content-length') || res.headers.get('x-estimated-size') || 0);
  const total = length > 0 ? length : null;
  const parts: BlobPart[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value as BlobPart);
      received += value.byteLength;
      onProgress?.({ received, total });
    }
  }
  const fileName = fileNameOf(res.headers.get('content-disposition'), 'download');
  const blob = new Blob(parts, { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return { fileName, size: received };
}

/** '3.4 MB' */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
