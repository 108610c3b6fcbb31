/** Domain errors: services throw these; src/server/http/errors.ts maps them to HTTP. */
export type ErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'insufficient_storage'
  | 'internal';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export class Invalid extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super('invalid', message, fields);
  }
}
export class Unauthenticated extends AppError {
  constructor(message = 'Please sign in.') {
    super('unauthenticated', message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You don\u2019t have permission to access this resource.') {
    super('forbidden', message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super('not_found', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super('conflict', message, fields);
  }
}
export class TooLarge extends AppError {
  constructor(message: string) {
    super('too_large', message);
  }
}
export class RateLimited extends AppError {
  constructor(message = 'Too many requests. Please wait a moment and try again.') {
    super('rate_limited', message);
  }
}
/** A dependency (the database, file storage) cannot serve the request now; the client may retry. */
export class Unavailable extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again in a moment.') {
    super('unavailable', message);
  }
}
export class InsufficientStorage extends AppError {
  constructor(message = 'The server has no space left to store this file. Please try again later.') {
    super('insufficient_storage', message);
  }
}
