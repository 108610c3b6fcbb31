import { sessionMayHaveChanged } from './boot';

/** An error answered by our API: the status, the code and the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the browser calls the API. T is the shared zod schema's inferred output type; the
 * schemas themselves stay on the server and in the API tests (which check every response against
 * them), so zod is not shipped to the browser.
 */
export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  if (method !== 'GET' && (path.startsWith('/auth/') || path.startsWith('/demo/'))) sessionMayHaveChanged();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error. Check your connection and try again.');
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
      ?.error;
    const message =
      res.status === 503
        ? 'Backend updating\u2014please refresh in a second.'
        : err?.message || 'An error occurred.';
    throw new ApiError(res.status, err?.code ?? 'error', message, err?.fields);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
