import type { Db } from '../client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What every seed step receives: the transaction handle and one clock reading taken at the start. */
export interface SeedContext {
  tx: Db;
  now: Date;
  /** `now` shifted by a number of days (negative: in the past). */
  days(n: number): Date;
}

export function seedContext(tx: Db, now: Date): SeedContext {
  return { tx, now, days: (n) => new Date(now.getTime() + n * DAY_MS) };
}
