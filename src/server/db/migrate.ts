import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { grantAppRole, roleOf } from './app-role';
import { type Database, openPostgres } from './client';

/** The committed SQL migrations, found from the source tree (src/server/db) or the build (dist/server). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../drizzle'),
    path.resolve(here, '../../drizzle'),
    path.resolve('drizzle'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error('Cannot find the drizzle migrations folder.');
  return found;
}

/**
 * Whether a committed migration is not yet applied: read-only, so a server whose role may not change
 * the schema (decision 055) starts when someone else has migrated.
 */
async function migrationsPending(client: pg.Client, folder: string): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const last = readMigrationFiles({ migrationsFolder: folder }).at(-1)?.folderMillis ?? 0;
  try {
    const { rows } = await client.query('select max(created_at) as at from drizzle.__drizzle_migrations');
    return Number(rows[0]?.at ?? 0) < last;
  } catch {
    return true; // never migrated (or not readable: migrating says why)
  }
}

/**
 * Brings the schema up to date; then, with `grantTo` (a role other than this connection's), grants that
 * role what the server needs and nothing more (db/app-role.ts).
 */
export async function migrate(database: Database, { grantTo }: { grantTo?: string } = {}): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: migrationsFolderPath });
  } else {
    // Its own connection, without the pool's request time limits: a migration may rewrite a big table.
    const { default: pgModule } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    const client = new pgModule.Client({ connectionString: database.connectionString });
    await client.connect();
    try {
      if (await migrationsPending(client, migrationsFolderPath)) {
        await run(drizzle(client), { migrationsFolder: migrationsFolderPath }).catch((err) => {
          throw notAllowed(err);
        });
      }
    } finally {
      await client.end();
    }
  }
  // The job queue's schema and queues (pg-boss), kept by pg-boss itself (decision 033). Once they
  // are installed, this only reads them and updates their rows.
  const { installJobQueue } = await import('../jobs/install');
  await installJobQueue(database).catch((err) => {
    throw notAllowed(err);
  });
  if (grantTo && database.pool) await grantAppRole(database.pool, grantTo);
}

/** A migration refused for want of rights says what to do. */
function notAllowed(err: unknown): unknown {
  // drizzle wraps the driver's error (its cause).
  const pgError = (err as { cause?: unknown })?.cause ?? err;
  if ((pgError as { code?: string })?.code !== '42501') return err;
  return new Error(
    `The database needs migrating and this role may not change the schema (${(pgError as Error).message}): ` +
      'set MIGRATION_DATABASE_URL to the owner role, or run `npm run db:migrate` with it first (README, Deploying on PostgreSQL).',
  );
}

/**
 * Migrates the database `database` connects to: as its own role, or as `migrationUrl`'s (the owner),
 * granting `database`'s role its rows (decision 055).
 */
export async function migrateFor(database: Database, migrationUrl: string | null): Promise<void> {
  if (!migrationUrl || !database.connectionString) return migrate(database);
  const owner = await openPostgres(migrationUrl, 1);
  try {
    await migrate(owner, { grantTo: await roleOf(database.connectionString) });
  } finally {
    await owner.close();
  }
}
