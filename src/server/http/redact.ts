/**
 * What a log line may say about a value or an error: never personal data or a secret (decision 011).
 * A failed query's message and its `params` carry user data (emails, session tokens, answers), so an
 * error is told by its name, code, a message that is not a query's, and its first stack frames; and
 * anything shaped like an email address or a token is masked in whatever text is left.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Session tokens, cookie values, keys: long runs of token characters holding letters and digits. */
const TOKEN = /[A-Za-z0-9_%+=-]{24,}/g;
const hasLetterAndDigit = (s: string) => /[A-Za-z]/.test(s) && /\d/.test(s);

/** `text` with email addresses and token-like strings masked. */
export function redact(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(TOKEN, (run) => (hasLetterAndDigit(run) ? '[redacted]' : run));
}

/** Name, code and first stack frames of an error (and of its cause), without what it was given. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return err === undefined ? '' : typeof err;
  const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
  const code = (err as { code?: unknown }).code ?? cause?.code;
  const message = err.message.startsWith('Failed query') ? 'Failed query' : err.message.slice(0, 200);
  const because =
    cause && typeof cause.message === 'string' && !cause.message.startsWith('Failed query')
      ? ` (${cause.message.slice(0, 200)})`
      : '';
  const where = err.stack?.split('\n').slice(1, 4).join('\n') ?? '';
  return redact(`${err.name}${code ? ` [${String(code)}]` : ''}: ${message}${because}\n${where}`);
}

/** One log line from a message and the values logged with it (errors described, the rest by kind). */
export function logLine(message: string, values: unknown[] = []): string {
  const parts = values.map((v) =>
    v instanceof Error ? describeError(v) : typeof v === 'string' ? redact(v) : typeof v,
  );
  return [redact(message), ...parts].filter(Boolean).join(' ');
}
