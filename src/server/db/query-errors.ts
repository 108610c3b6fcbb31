import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Every failed query, told to whoever listens (the query-error metric), on both database kinds. The
 * error itself still goes to the caller unchanged.
 */
type Listener = (err: unknown) => void;
const listeners = new Set<Listener>();

export function onQueryError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function report(err: unknown): void {
  for (const listener of listeners) {
    try {
      listener(err);
    } catch {
      // a listener's failure is not the query's
    }
  }
}

function watchPromise<T>(result: T): T {
  if (result && typeof (result as { then?: unknown }).then === 'function') {
    (result as unknown as Promise<unknown>).catch(report);
  }
  return result;
}

/**
 * A pg Client class that reports failed queries: promise calls (drizzle) and callback calls
 * (pg.Pool.query). Submittables (cursors) are passed through untouched.
 */
export function reportingClient<C extends typeof pg.Client>(Base: C): C {
  const Mixable = Base as unknown as new (...args: any[]) => pg.Client;
  return class extends Mixable {
    // pg's query() has a dozen overloads; this only watches their outcome.
    override query(...args: any[]): any {
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last];
        args[last] = (err: unknown, ...rest: unknown[]) => {
          if (err) report(err);
          return callback(err, ...rest);
        };
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      return watchPromise((super.query as (...a: unknown[]) => unknown)(...args));
    }
  } as unknown as C;
}

function watchMethods(target: Pick<PGlite, 'query' | 'exec'> | Transaction): void {
  const t = target as unknown as Record<'query' | 'exec', (...a: unknown[]) => unknown>;
  for (const name of ['query', 'exec'] as const) {
    const original = t[name].bind(target);
    t[name] = (...a: unknown[]) => watchPromise(original(...a));
  }
}

/** PGlite: its queries, and those of every transaction it opens, report their failures. */
export function watchPglite(pglite: PGlite): void {
  watchMethods(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      watchMethods(tx);
      return callback(tx);
    })) as PGlite['transaction'];
}
