import type { TestApp } from '../../support/test-app';
import { type Role, roles, type World } from '../../support/world';
import type { TableFamily } from './read-back';

export type { Role, World };

/**
 * Route × role → expected status. Every route in the OpenAPI document must have a row in one of the
 * area files: a new route without one fails the completeness test.
 */
export interface Row {
  /** "METHOD /openapi/path" exactly as the OpenAPI document lists it. */
  route: string;
  /** The concrete request. */
  path: (w: World) => string;
  body?: (w: World) => unknown;
  expect: Record<Role, number>;
  /**
   * Every route that is not a GET names the table family it writes (`null`: it writes no table of
   * ours): when the route refuses a caller, the matrix reads that family back and expects it unchanged.
   */
  writes?: TableFamily | null;
  /** Callers whose refused request writes by design, and why. */
  refusalWrites?: Partial<Record<Role, string>>;
  /**
   * Who before what: callers refused for what they asked for (which file, which editor), not for
   * calling the route at all, and why. Bad input may answer them 400; everyone else refused with good
   * input is refused the same way with bad input.
   */
  refusedForWhatTheyAsk?: { roles: Role[] | 'all'; why: string };
}

export const all = (status: number): Record<Role, number> =>
  Object.fromEntries(roles.map((r) => [r, status])) as Record<Role, number>;
/** Signed in (any role): `status`; visitors and soft-deleted users: 401. */
export const signedIn = (status: number, notOnboarded = status): Record<Role, number> => ({
  ...all(status),
  visitor: 401,
  deleted: 401,
  notOnboarded,
});

/**
 * A riverside-arts program: its org admin, the Metro coalition's manager and super admins reach it
 * (`status`); everyone else signed in does not see it (404).
 */
export const editors = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  orgAdmin: status,
  coalitionManager: status,
  superAdmin: status,
});

/**
 * One area's rows. `prepare` runs once after the world is built (create what the rows need, through
 * services or the API); `rows` run first, then every area's `lastRows` (rows that change shared state).
 */
export interface MatrixArea {
  prepare?: (t: TestApp, world: World) => Promise<void>;
  rows: Row[];
  lastRows?: Row[];
}
