import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openPostgres, wrapPglite } from '../../src/server/db/client';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a PostgreSQL database. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `applyhub_test_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url, 1);
    await admin.pool!.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.close();
    const database = await openPostgres(withDatabase(url, name), 5);
    const close = database.close;
    database.close = async () => {
      await close();
      const dropper = await openPostgres(url, 1);
      await dropper.pool!.query(`drop database if exists ${name} with (force)`);
      await dropper.close();
    };
    return database;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const file = inject('pgliteTemplate');
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  return wrapPglite(pglite);
}
