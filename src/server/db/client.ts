import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
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

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const { default: pgModule } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pgModule.Pool({ connectionString, max });
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, connectionString, close: () => pool.end() };
}

export async function wrapPglite(pglite: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/** PGlite in `dataDir/db`, or in memory when dataDir is null. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  let pglite: PGlite;
  // PGlite's default shared_buffers is 128 MB of WebAssembly memory that never shrinks; the embedded
  // database is small and its pages stay in the OS cache, so 16 MB keeps idle RSS ~110 MB lower
  // (decision 017). PGLITE_SHARED_BUFFERS overrides it (e.g. 128MB).
  const options = { postgresqlconf: [`shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || '16MB'}`] };
  if (dataDir) {
    const dir = path.join(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, options);
  } else {
    pglite = await PGlite.create(options);
  }
  return wrapPglite(pglite);
}
