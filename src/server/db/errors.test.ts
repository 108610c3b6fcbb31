import { describe, expect, it } from 'vitest';
import { isBadTextError, isConnectionError, isUniqueViolation } from './errors';

const wrapped = (cause: object) =>
  Object.assign(new Error('Failed query: update … params: secret'), { cause });

describe('database error classification', () => {
  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    [{ code: 'ECONNRESET', message: 'read ECONNRESET' }],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '08006', message: 'connection failure' }],
    [{ code: '57014', message: 'canceling statement due to statement timeout' }],
    [new Error('Connection terminated unexpectedly')],
    [new Error('timeout exceeded when trying to connect')],
    [new Error('Query read timeout')],
    [new Error('Cannot use a pool after calling end on the pool')],
  ])('counts %o as the database being unavailable, also when drizzle wraps it', (cause) => {
    expect(isConnectionError(cause)).toBe(true);
    expect(isConnectionError(wrapped(cause))).toBe(true);
  });

  it('does not count other database errors as unavailability', () => {
    expect(isConnectionError(wrapped({ code: '23505', message: 'duplicate key' }))).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(wrapped({ code: '23505' }))).toBe(true);
  });

  it('recognizes text PostgreSQL cannot store (NUL, bad encoding)', () => {
    expect(isBadTextError(wrapped({ code: '22021' }))).toBe(true);
    expect(isBadTextError(wrapped({ code: '22P05' }))).toBe(true);
    expect(isBadTextError(wrapped({ code: '22P02' }))).toBe(false);
  });
});
