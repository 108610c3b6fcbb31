import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's one logger (pino, decision 039): JSON lines in production, readable lines in
 * development. Every line written while a request is handled carries its request id (and, once known,
 * its user and API token) through AsyncLocalStorage, so the lines of one request can be found together.
 * Personal data is never meant to be logged; the redaction list and the scrubbing below are the net
 * under that rule.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export const logLevels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export type LogFormat = 'json' | 'pretty';

/** What every log line of a request carries. Mutable: the user is known once the session is read. */
export interface RequestContext {
  requestId: string;
  userId?: string;
  tokenId?: string;
  /** The API token's name (audit entries say `token:<name>`); never logged. */
  tokenName?: string;
}

const requests = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it starts) as part of the request `context`. */
export function inRequest<T>(context: RequestContext, fn: () => T): T {
  return requests.run(context, fn);
}

/** Names the signed-in user (or API token) of the request being handled, for its later lines. */
export function noteRequestActor(userId: string, token?: { id: string; name: string }): void {
  const r = requests.getStore();
  if (!r) return;
  r.userId = userId;
  if (token) {
    r.tokenId = token.id;
    r.tokenName = token.name;
  }
}

/** The request being handled, if any. */
export function currentRequest(): RequestContext | undefined {
  return requests.getStore();
}

/** Field names whose values are never written (censored), at the top level and one level down. */
const SENSITIVE = new Set([
  'email',
  'password',
  'token',
  'secret',
  'cookie',
  'authorization',
  'answers',
  'body',
  'full_name',
  'fullName',
  'phone_number',
  'date_of_birth',
  'personal_statement',
  'comments',
]);
/** Header names censored in a `headers` object, at the top level or one level down. */
const SENSITIVE_HEADERS = new Set(['cookie', 'authorization', 'set-cookie']);
export const CENSOR = '[redacted]';

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * A nested object with its sensitive fields censored (and those of a `headers` object inside it):
 * a copy when something is censored, never a change to the caller's object; the object itself otherwise.
 */
function censorNested(o: Record<string, unknown>, headers: boolean): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in o) {
    const value = o[key];
    let censored: unknown = value;
    if (value === undefined) continue;
    if (SENSITIVE.has(key) || (headers && SENSITIVE_HEADERS.has(key))) censored = CENSOR;
    else if (key === 'headers' && isPlainObject(value)) censored = censorNested(value, true);
    if (censored !== value) {
      copy ??= { ...o };
      copy[key] = censored;
    }
  }
  return copy ?? o;
}

/**
 * The redaction of a line's fields, before pino serializes it (decision 039; issue 22 bench): a
 * sensitive field is censored at the top level and one level down, as are cookie, authorization
 * and set-cookie in `headers`; top-level strings shaped like an email address or an API token are
 * scrubbed. This replaced pino's `redact` with `*.field` wildcard paths, which cost about 20 µs a line
 * (most of the logging cost on the request path); one pass over the keys costs well under one.
 * `object` is pino's own merge of the call's fields with the mixin (a fresh object), so its top level
 * may be changed in place; nested objects are the caller's, so they are copied when censored.
 */
export function redactFields(object: Record<string, unknown>): Record<string, unknown> {
  for (const key in object) {
    const value = object[key];
    if (value === undefined) continue;
    if (SENSITIVE.has(key)) object[key] = CENSOR;
    else if (typeof value === 'string') {
      if (value.includes('@') || value.includes('ahp_') || value.includes('Bearer'))
        object[key] = scrub(value);
    } else if (isPlainObject(value)) object[key] = censorNested(value, key === 'headers');
  }
  return object;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(ahp_[A-Za-z0-9_-]{8,}|Bearer\s+\S+)/g;

/** A string with anything shaped like an email address or an API token blanked out. */
export function scrub(text: string): string {
  let out = text;
  if (out.includes('@')) out = out.replace(EMAIL, '[email]');
  if (out.includes('ahp_') || out.includes('Bearer')) out = out.replace(BEARER, '[token]');
  return out;
}

/**
 * An error as logged: its type, code and a message that never holds query parameters (drizzle puts
 * them in "Failed query" messages), plus the first stack frames. Never the error object itself.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const cause = err.cause as { code?: unknown } | undefined;
  const code = (err as { code?: unknown }).code ?? cause?.code;
  const message = err.message.startsWith('Failed query') ? 'Failed query' : scrub(err.message.slice(0, 300));
  const stack = err.stack?.split('\n').slice(1, 6).join('\n');
  return { type: err.name, ...(code !== undefined ? { code: String(code) } : {}), message, stack };
}

export interface LoggerOptions {
  level?: LogLevel;
  format?: LogFormat;
  /** Where lines go: a stream (tests) or, by default, standard output. */
  destination?: DestinationStream;
}

function build({ level = 'info', format = 'json', destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError, error: serializeError },
    mixin() {
      const r = requests.getStore();
      if (!r) return {};
      return { req_id: r.requestId, user_id: r.userId, token_id: r.tokenId };
    },
    // Sensitive fields censored; strings logged as values scrubbed (an email in an error's text).
    formatters: { log: redactFields },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((a) => (typeof a === 'string' ? scrub(a) : a)) as Parameters<typeof method>;
        return method.apply(this, scrubbed);
      },
    },
  };
  if (format === 'pretty' && !destination) {
    return pino(options, prettyStream());
  }
  return pino(options, destination ?? standardOutput());
}

/**
 * Standard output, written asynchronously: a line is queued and the write happens off the request
 * (lines queued while a write is in flight go out together in the next one), so a request never
 * waits on a write system call. pino flushes what is queued when the process exits; a process killed
 * outright can lose the lines of its last moment (decision 039).
 */
function standardOutput(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

let prettyFactory: ((opts: object) => DestinationStream) | null = null;

function prettyStream(): DestinationStream {
  if (!prettyFactory) return standardOutput();
  return prettyFactory({ colorize: process.stdout.isTTY, translateTime: 'HH:MM:ss.l', ignore: 'pid' });
}

const envLevel = process.env.LOG_LEVEL as LogLevel | undefined;
let root: Logger = build({ level: envLevel && logLevels.includes(envLevel) ? envLevel : 'info' });

/**
 * Sets the server's logger. Readable output loads pino-pretty (development only), so it is async.
 */
export async function configureLogger(options: LoggerOptions): Promise<Logger> {
  if (options.format === 'pretty' && !options.destination && !prettyFactory) {
    const { default: pretty } = await import('pino-pretty');
    prettyFactory = (opts) => pretty(opts);
  }
  root = build(options);
  return root;
}

/** Replaces the logger at once (tests: a logger writing to a stream or file). */
export function setLogger(logger: Logger): void {
  root = logger;
}

/** The server's logger; `child` bindings for a component (`logger().child({ component: 'jobs' })`). */
export function logger(): Logger {
  return root;
}

export function createLogger(options: LoggerOptions): Logger {
  return build(options);
}

/** A Console-shaped logger (warn, error) for a component that takes one: its lines go to pino. */
export function consoleLike(component: string): Pick<Console, 'warn' | 'error'> {
  const fields = (rest: unknown[]) => {
    const err = rest.find((r) => r instanceof Error);
    return err ? { component, err } : { component };
  };
  return {
    warn: (message?: unknown, ...rest: unknown[]) => root.warn(fields(rest), String(message)),
    error: (message?: unknown, ...rest: unknown[]) => root.error(fields(rest), String(message)),
  };
}
