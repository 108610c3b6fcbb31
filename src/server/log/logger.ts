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
const SENSITIVE = [
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
];
export const REDACT_PATHS = [
  ...SENSITIVE,
  ...SENSITIVE.map((key) => `*.${key}`),
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

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
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    mixin() {
      const r = requests.getStore();
      if (!r) return {};
      return { req_id: r.requestId, user_id: r.userId, token_id: r.tokenId };
    },
    formatters: {
      // Strings logged as values are scrubbed too: an email in an error's text must not pass.
      log(object) {
        for (const [key, value] of Object.entries(object)) {
          if (typeof value === 'string' && (value.includes('@') || value.includes('ahp_')))
            object[key] = scrub(value);
        }
        return object;
      },
    },
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
  return destination ? pino(options, destination) : pino(options);
}

let prettyFactory: ((opts: object) => DestinationStream) | null = null;

function prettyStream(): DestinationStream {
  if (!prettyFactory) return pino.destination(1);
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
