import type { Db } from './client';

/**
 * One value per database handle, made on first use: prepared statements (drizzle `.prepare`, built
 * once instead of on every call) and caches that must not leak between databases (tests open many).
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}
