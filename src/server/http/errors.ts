import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { isBadTextError, isConnectionError } from '../db/errors';
import { AppError, type ErrorCode, InsufficientStorage, Unavailable } from '../errors';
import { logger } from '../log/logger';
import { StorageUnavailable } from '../storage/storage';

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  insufficient_storage: 507,
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

/** Seconds a client should wait before retrying a request that failed for want of the database. */
export const RETRY_AFTER_SECONDS = 5;

/** Infrastructure faults (database connection, file storage) as the domain errors they mean. */
function classify(err: unknown): unknown {
  if (err instanceof AppError) return err;
  // Before the database's connection errors: the store's own cause may be a refused connection.
  if (err instanceof StorageUnavailable)
    return new Unavailable(
      'File storage cannot be reached at the moment. Nothing was saved; please try again later.',
    );
  if (isConnectionError(err)) return new Unavailable();
  if (isBadTextError(err)) return 'bad_text';
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return new Unavailable(
      'File storage is read-only at the moment. Nothing was saved; please try again later.',
    );
  if (code === 'ENOSPC' || code === 'EDQUOT') return new InsufficientStorage();
  return err;
}

/** A request refused for the shape of what it sent (not JSON, wrong media type, failed schema). */
export function isInputError(err: unknown): boolean {
  return (
    err instanceof ZodError ||
    err instanceof SyntaxError ||
    (err instanceof HTTPException && (err.status === 400 || err.status === 415))
  );
}

/** The one place that turns an error into an HTTP response. */
export function errorResponse(c: Context, raw: unknown): Response {
  const err = classify(raw);
  if (err === 'bad_text') {
    return c.json(errorBody('invalid', 'The request contains characters that cannot be stored.'), 400);
  }
  if (err instanceof AppError) {
    if (err.code === 'unavailable') c.header('Retry-After', String(RETRY_AFTER_SECONDS));
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
  // The logger's error serializer leaves out query parameters (they can hold user data).
  logger().error({ err }, 'unhandled error');
  return c.json(errorBody('internal', 'An error occurred.'), 500);
}
