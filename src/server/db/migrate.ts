import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

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

export async function migrate(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: migrationsFolderPath });
  } else {
    // Its own connection, without the pool's request time limits: a migration may rewrite a big table.
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    const client = new pg.Client({ connectionString: database.connectionString });
    await client.connect();
    try {
      await run(drizzle(client), { migrationsFolder: migrationsFolderPath });
    } finally {
      await client.end();
    }
  }
  // The job queue's schema and queues (pg-boss), kept by pg-boss itself (decision 033).
  const { installJobQueue } = await import('../jobs/install');
  await installJobQueue(database);
}
