import { describe, expect, it } from 'vitest';
import { authLogger } from './logger';

describe('authLogger', () => {
  it("writes better-auth's errors without the failed query's parameters", () => {
    const lines: [string, string][] = [];
    const log = authLogger((level, line) => lines.push([level, line]));
    const token = 'X30U6KElaZHQbhJRvMiwg2GHrPizvWkf';
    const err = Object.assign(
      new Error(`Failed query: select * from "user" where "email" = $1\nparams: ada@example.test,${token}`),
      { name: 'DrizzleQueryError', params: ['ada@example.test', token] },
    );
    log.log?.('error', 'Failed to read session from database', err);
    expect(lines).toHaveLength(1);
    const [level, line] = lines[0];
    expect(level).toBe('error');
    expect(line).toMatch(/^Failed to read session from database DrizzleQueryError: Failed query/);
    expect(line).not.toContain('ada@example.test');
    expect(line).not.toContain(token);
  });
});
