import { describe, expect, it } from 'vitest';
import { describeError, logLine, redact } from './redact';

const token = 'X30U6KElaZHQbhJRvMiwg2GHrPizvWkf';

describe('redact', () => {
  it('masks email addresses and token-like strings, and keeps words, paths and short ids', () => {
    expect(redact(`user ada.l+x@example.test signed in with ${token}`)).toBe(
      'user [email] signed in with [redacted]',
    );
    expect(
      redact(`cookie applyhub.session_token=${token}.c2lnbmF0dXJlLXNpZ25hdHVyZS0xMjM0NTY%3D`),
    ).not.toMatch(new RegExp(`${token}|c2lnbmF0dXJl`));
    const frame = 'at file:///work/node_modules/@better-auth/drizzle-adapter/dist/index.mjs:358:17';
    expect(redact(frame)).toBe(frame);
    expect(redact('findDrizzleSchemaProblemsEverywhere failed')).toBe(
      'findDrizzleSchemaProblemsEverywhere failed',
    );
  });
});

describe('describeError', () => {
  it('tells a failed query by its name, code and frames, never its text or parameters', () => {
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const err = Object.assign(
      new Error(`Failed query: select * from "session" where "token" = $1\nparams: ${token}`, { cause }),
      { name: 'DrizzleQueryError', params: [token, 'ada@example.test'] },
    );
    const line = describeError(err);
    expect(line).toMatch(
      /^DrizzleQueryError \[ECONNRESET\]: Failed query \(Connection terminated unexpectedly\)/,
    );
    expect(line).not.toContain(token);
    expect(line).not.toContain('ada@example.test');
  });

  it('masks personal data in any other message', () => {
    expect(describeError(new Error(`no user ada@example.test`))).toMatch(/^Error: no user \[email\]/);
  });
});

describe('logLine', () => {
  it('joins a message and its values, describing errors and naming other kinds', () => {
    expect(logLine('Failed to delete session', [new Error('boom'), { token }, `for ${token}`])).toMatch(
      /^Failed to delete session Error: boom\n[\s\S]* object for \[redacted\]$/,
    );
  });
});
