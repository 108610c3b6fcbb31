import type { BetterAuthOptions } from 'better-auth';
import { logLine } from '../http/redact';
import { logger } from '../log/logger';

type Level = 'error' | 'warn' | 'info' | 'debug';

/**
 * better-auth's own log, through our redaction and into the server's logger: its errors print the
 * failed query with its parameters (session tokens, email addresses), which never reach a log line
 * (decision 041).
 */
export function authLogger(
  write: (level: Level, line: string) => void = (level, line) =>
    logger()[level]({ component: 'better-auth' }, line),
): NonNullable<BetterAuthOptions['logger']> {
  return {
    level: 'warn',
    log: (level, message, ...values) => write(level, logLine(message, values)),
  };
}
