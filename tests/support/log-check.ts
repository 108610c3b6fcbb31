import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { demoAccounts } from '../../src/server/demo/accounts';

/**
 * A phrase in every long answer the test factory writes. With the demo users' emails it is what the
 * log check after an API run (global-setup.ts) looks for: none of it may reach a log line.
 */
export const KNOWN_ANSWER = 'violet heron canary 7319';

/** What must never be logged: the demo users' emails, the known answer, API tokens, session cookies. */
export function forbiddenInLogs(): string[] {
  return [...demoAccounts.map((a) => a.email), KNOWN_ANSWER, 'ahp_', 'session_token='];
}

export interface LogCheck {
  lines: number;
  requestLines: number;
  /** Lines of request logs that name a user (proves signed-in requests were logged). */
  withUser: number;
  leaks: { needle: string; line: string }[];
}

/** Reads every log file of a run (one per test process) and finds what must not be there. */
export function checkLogs(dir: string, needles = forbiddenInLogs()): LogCheck {
  const result: LogCheck = { lines: 0, requestLines: 0, withUser: 0, leaks: [] };
  const lower = needles.map((n) => n.toLowerCase());
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      result.lines++;
      if (line.includes('"msg":"request"')) {
        result.requestLines++;
        if (line.includes('"user_id":')) result.withUser++;
      }
      const low = line.toLowerCase();
      lower.forEach((needle, i) => {
        if (low.includes(needle) && result.leaks.length < 20)
          result.leaks.push({ needle: needles[i], line: line.slice(0, 2000) });
      });
    }
  }
  return result;
}
