import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { logger } from '../log/logger';
import { initPglite } from './pglite-initdb';
import { preparePglite } from './pglite-prepared';
import { reportingClient, watchPglite } from './query-errors';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database handle or a transaction handle: queries take whichever they should run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Present on PGlite: used for in-process LISTEN/NOTIFY and cloning in tests. */
  pglite?: PGlite;
  /** Present on PostgreSQL. */
  pool?: pg.Pool;
  connectionString?: string;
  close(): Promise<void>;
}

/**
 * Time limits of the PostgreSQL pool: a connection that cannot be had (opened, or freed by another
 * request), a statement that runs on and a reply that never comes each end the request (503) instead
 * of holding it. Together they bound what a person waits for when the database is unreachable:
 * a free connection within 3 s, then a reply within 7 s, so 10 s at most (README). The statement
 * limit is under the reply limit, so a slow statement on a healthy network is cancelled by
 * PostgreSQL (and its connection kept) before the client gives up on the reply.
 */
export const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 3_000,
  statement_timeout: 6_000,
  query_timeout: 7_000,
  idle_in_transaction_session_timeout: 30_000,
};

type PoolTimeouts = typeof POOL_TIMEOUTS;

/**
 * A client whose reply never came (query_timeout) closes its connection: pg would otherwise keep it
 * busy with the lost statement, so the ROLLBACK of its transaction, or its next borrower, would wait
 * for a reply again. Closed, they fail at once and the pool replaces it.
 */
export function closingOnTimeout(Base: typeof pg.Client): typeof pg.Client {
  return class extends Base {
    override query(config: any, values?: any, callback?: any): any {
      const closeIfLost = (err: unknown) => {
        if ((err as Error | null)?.message === 'Query read timeout') {
          (
            this as unknown as { connection?: { stream?: { destroy(): void } } }
          ).connection?.stream?.destroy();
        }
      };
      if (typeof values === 'function' || typeof callback === 'function') {
        const withValues = typeof callback === 'function';
        const done = withValues ? callback : values;
        const wrapped = (err: unknown, res: unknown) => {
          closeIfLost(err);
          done(err, res);
        };
        return withValues ? super.query(config, values, wrapped) : super.query(config, wrapped);
      }
      const result = super.query(config, values);
      if (result instanceof Promise) result.catch(closeIfLost);
      return result;
    }
  };
}

export async function openPostgres(
  connectionString: string,
  max = 10,
  { prepare = true, timeouts = POOL_TIMEOUTS }: { prepare?: boolean; timeouts?: PoolTimeouts } = {},
): Promise<Database> {
  const { default: pgModule } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { PreparingClient } = await import('./prepared-client');
  const Client = closingOnTimeout(reportingClient(prepare ? PreparingClient : pgModule.Client));
  const pool = new pgModule.Pool({ connectionString, max, Client, ...timeouts });
  guardConnections(pool);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, connectionString, close: () => pool.end() };
}

/**
 * A connection that dies emits 'error' on its client; without a listener on every client (idle or
 * checked out, e.g. mid-transaction) Node would end the process: the query in flight fails instead.
 * A dead client its borrower never gives back (drizzle does not release one whose BEGIN failed) is
 * given back after a grace period, so lost connections never drain the pool.
 */
function guardConnections(pool: pg.Pool) {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client as pg.PoolClient));
  pool.on('error', (err) => logger().error({ err }, 'postgres connection error'));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      logger().error({ err }, 'postgres connection error');
      setTimeout(() => {
        if (!checkedOut.has(client)) return;
        try {
          client.release(err);
        } catch {
          // released meanwhile by its borrower
        }
      }, 1_000).unref();
    });
  });
}

/** `prepare` (default on; DATABASE_PREPARE=0 turns it off) names parameterised statements (decision 047). */
export async function wrapPglite(
  pglite: PGlite,
  { prepare = true }: { prepare?: boolean } = {},
): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  if (prepare) preparePglite(pglite);
  watchPglite(pglite);
  const db = drizzle(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/** PGlite in `dataDir/db`, or in memory when dataDir is null. */
export async function openPglite(
  dataDir: string | null,
  { prepare = true }: { prepare?: boolean } = {},
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  let pglite: PGlite;
  // PGlite's default shared_buffers is 128 MB of WebAssembly memory that never shrinks; the embedded
  // database is small and its pages stay in the OS cache, so 16 MB keeps idle RSS ~110 MB lower
  // (decision 017). PGLITE_SHARED_BUFFERS overrides it (e.g. 128MB).
  const options = { postgresqlconf: [`shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || '16MB'}`] };
  if (dataDir) {
    const dir = path.join(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    await initPglite(dir, options);
    pglite = await PGlite.create(dir, options);
  } else {
    pglite = await PGlite.create(options);
  }
  return wrapPglite(pglite, { prepare });
}
