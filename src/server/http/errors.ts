import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { AppError, type ErrorCode } from '../errors';

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  return fields;
}

/** The one place that turns an error into an HTTP response. */
export function errorResponse(c: Context, err: unknown): Response {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.fields), statusByCode[err.code]);
  }
  if (err instanceof ZodError) {
    const fields = zodFields(err);
    return c.json(errorBody('invalid', Object.values(fields)[0] ?? 'Invalid request.', fields), 400);
  }
  if (err instanceof SyntaxError) {
    return c.json(errorBody('invalid', 'The request body is not valid JSON.'), 400);
  }
  if (err instanceof HTTPException && err.status < 500) {
    if (err.status === 413) return c.json(errorBody('too_large', 'The request is too large.'), 413);
    const message =
      err.status === 400 ? 'The request body is not valid JSON.' : err.message || 'Bad request.';
    return c.json(errorBody(err.status === 401 ? 'unauthenticated' : 'invalid', message), err.status);
  }
  console.error('unhandled error:', err);
  return c.json(errorBody('internal', 'An error occurred.'), 500);
}
