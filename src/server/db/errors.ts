/** Walks an error and its causes (drizzle wraps driver errors), at most a few levels deep. */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown; errno?: unknown }> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** True when a database error (as thrown by pg, PGlite or wrapped by drizzle) is a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === '23505') return true;
  return false;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|Client has encountered a connection error|Connection closed|PGlite is closed/i;

/** The database cannot be reached, dropped the connection or timed out: the request may be retried. */
export function isConnectionError(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Input the database refuses as text (a NUL byte, an invalid encoding): the client's fault. */
export function isBadTextError(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === '22021' || e.code === '22P05') return true;
  return false;
}

export type QueryErrorKind =
  | 'connection'
  | 'timeout'
  | 'unique_violation'
  | 'constraint'
  | 'serialization'
  | 'bad_input'
  | 'other';

/** What kind of failure a query error is, for the query-error metric (a bounded set of labels). */
export function queryErrorKind(err: unknown): QueryErrorKind {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code === '57014') return 'timeout';
    if (code === '23505') return 'unique_violation';
    if (code.startsWith('23')) return 'constraint';
    if (code === '40001' || code === '40P01') return 'serialization';
    if (code.startsWith('22')) return 'bad_input';
  }
  return isConnectionError(err) ? 'connection' : 'other';
}
