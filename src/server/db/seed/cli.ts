/**
 * `npm run seed`: migrate and seed the demo data set into the configured database
 * (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL). Safe to run again: it creates nothing twice.
 */
import path from 'node:path';
import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../config';
import { type Database, openPglite, openPostgres } from '../client';
import { lockDataDir } from '../lock';
import { migrate } from '../migrate';
import { coalitions, featuredItems, organizations, programs, user } from '../schema';
import { seed } from './index';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | null = null;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, 2)
      : await openPglite(config.dataDir);
    await migrate(database);
    const result = await seed(database.db, { demo: true });
    const db = database.db;
    const tally = async (
      table: typeof user | typeof organizations | typeof coalitions | typeof programs | typeof featuredItems,
    ) => (await db.select({ n: count() }).from(table))[0].n;
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
    console.log(
      `Seed ${result.demoCreated ? 'created the demo data set' : 'found the demo data set already present'} (${where}): ` +
        `${await tally(user)} users, ${await tally(organizations)} organizations, ${await tally(coalitions)} coalitions, ` +
        `${await tally(programs)} programs, ${await tally(featuredItems)} featured items.`,
    );
  } finally {
    await database?.close().catch(() => {});
    releaseLock();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
