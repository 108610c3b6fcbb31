import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/** What pg-boss runs its SQL through (its `db` option): our connection instead of a pool of its own. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/**
 * The process's own connection: the PostgreSQL pool, or PGlite's one connection. pg-boss sends
 * multi-statement scripts (schema creation, maintenance) without parameters; PGlite runs those only
 * through `exec` (the simple protocol), and its parameterised statements through `query`.
 */
export function databaseExecutor(database: Database): SqlExecutor {
  const { pglite, pool } = database;
  if (pglite) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  if (!pool) throw new Error('The job queue needs a PostgreSQL pool or PGlite.');
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
}

/**
 * A drizzle transaction (or database) handle as an executor, so pg-boss writes a job inside the
 * caller's transaction. `$n` placeholders become drizzle parameters in place (one per occurrence).
 */
export function drizzleExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(withParams(text, values));
      return { rows: Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []) };
    },
  };
}

export function withParams(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQLChunk[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i]));
    } else {
      const value = values[Number(parts[i]) - 1];
      chunks.push(sql.param(value === undefined ? null : value));
    }
  }
  return sql.join(chunks);
}
